//! Time for the computer players' budgets.
//!
//! `ludi-core` reads no clock of its own (`std::time::Instant` panics on
//! `wasm32-unknown-unknown`): the caller hands one in, `Instant` or a CPU-time clock natively
//! and `performance.now()` in the page.

/// A clock reading in milliseconds from any fixed origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

impl<F: Fn() -> f64> Clock for F {
    fn now_ms(&self) -> f64 {
        self()
    }
}

/// A clock for tests: each reading moves it on by `step` milliseconds, so a time budget
/// runs out after a known number of readings.
#[derive(Debug, Default)]
pub struct Ticking {
    now: std::cell::Cell<f64>,
    step: f64,
}

impl Ticking {
    pub fn new(step: f64) -> Ticking {
        Ticking {
            now: std::cell::Cell::new(0.0),
            step,
        }
    }
}

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        self.now.set(self.now.get() + self.step);
        self.now.get()
    }
}
