//! `ludi`: the rules engines on the command line, for tools, tests and benchmarks.

mod bench;
mod latrunculi;
mod scripta;

use std::process::ExitCode;

const USAGE: &str = "usage:
  ludi scripta moves [\"<XSN with dice>\"]      legal turns (positions from stdin when omitted)
  ludi scripta play --games N --seed S          random games between two random players
  ludi latrunculi moves --rules R [\"<LFEN>\"]   legal moves (positions from stdin when omitted)
  ludi bench                                    speed of move generation and random games";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("scripta") => scripta::run(rest),
        Some("latrunculi") => latrunculi::run(rest),
        Some("bench") => bench::run(rest),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(UsageError(format!("unknown game or command `{other}`"))),
        None => Err(UsageError("no command given".into())),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("ludi: {message}\n(`ludi help` shows the usage)");
            ExitCode::from(2)
        }
    }
}

/// Bad input in argument form: reported on standard error with exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

/// Reads `--name value` pairs from an argument list, leaving positional arguments in order.
pub struct Args {
    pub options: Vec<(String, String)>,
    pub positional: Vec<String>,
}

impl Args {
    /// Splits `args`, accepting only the options named in `allowed`.
    pub fn parse(args: &[String], allowed: &[&str]) -> Result<Args, UsageError> {
        let mut options = Vec::new();
        let mut positional = Vec::new();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if !allowed.contains(&name) {
                    return Err(UsageError(format!("unknown option `--{name}`")));
                }
                let value = iter
                    .next()
                    .ok_or_else(|| UsageError(format!("option `--{name}` needs a value")))?;
                options.push((name.to_string(), value.clone()));
            } else {
                positional.push(arg.clone());
            }
        }
        Ok(Args {
            options,
            positional,
        })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A numeric option, with its default when absent.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, UsageError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| UsageError(format!("`--{name} {v}`: expected a number"))),
        }
    }
}
