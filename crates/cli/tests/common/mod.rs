//! Running the built `ludi` as a user does, for the command's tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ludi` with `args`, feeding it `stdin`, and waits for it.
pub fn ludi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludi runs");
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin.as_bytes()).expect("stdin written");
    }
    child.wait_with_output().expect("ludi finishes")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}
