//! `ludi latrunculi ...`: being written (issue 4).

use crate::UsageError;
use std::process::ExitCode;

pub fn run(_args: &[String]) -> Result<ExitCode, UsageError> {
    Err(UsageError("latrunculi is not available yet".into()))
}
