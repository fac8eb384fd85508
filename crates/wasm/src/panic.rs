//! A panic must reach the page. Nothing here should panic (see `lib.rs`), but if something
//! does, the release build aborts: the call traps and JS sees only `RuntimeError: unreachable`.
//! The hook below hands the page the panic's message and place first, through a function the
//! page registers with [`on_panic`], so the page can show what went wrong and offer a way on.

use std::cell::RefCell;
use std::panic;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A JS function of one argument, the panic's message.
    pub type PanicListener;

    #[wasm_bindgen(method, catch, js_name = call)]
    fn call(this: &PanicListener, this_arg: &JsValue, message: &str) -> Result<JsValue, JsValue>;
}

thread_local! {
    static LISTENER: RefCell<Option<PanicListener>> = const { RefCell::new(None) };
}

/// Makes every panic call `report` with its message and place (`panicked at src/..:3:5: ...`).
pub fn install<F: Fn(&str) + Send + Sync + 'static>(report: F) {
    panic::set_hook(Box::new(move |info| report(&info.to_string())));
}

/// Registers `listener` (a JS function taking the message) to hear of any panic from now on.
#[wasm_bindgen(js_name = onPanic)]
pub fn on_panic(listener: PanicListener) {
    LISTENER.with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = Some(listener);
        }
    });
    install(|message| {
        // A panic while the listener is being replaced, or a listener that throws, must not
        // panic again inside the hook: the message is then only lost, the trap still comes.
        let _ = LISTENER.try_with(|slot| {
            if let Ok(slot) = slot.try_borrow() {
                if let Some(listener) = slot.as_ref() {
                    let _ = listener.call(&JsValue::NULL, message);
                }
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_panic_reaches_the_reporter_with_its_message_and_place() {
        static HEARD: Mutex<Vec<String>> = Mutex::new(Vec::new());
        let previous = panic::take_hook();
        install(|message| HEARD.lock().unwrap().push(message.to_owned()));
        let caught = panic::catch_unwind(|| panic!("the board fell over"));
        panic::set_hook(previous);
        assert!(caught.is_err());
        let heard = HEARD.lock().unwrap();
        let ours = heard
            .iter()
            .find(|m| m.contains("the board fell over"))
            .unwrap();
        assert!(ours.contains("panic.rs"), "{ours}");
    }
}
