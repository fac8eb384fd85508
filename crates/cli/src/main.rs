//! `ludi`: the rules engines on the command line, for tools, tests and benchmarks.

mod bench;
mod latrunculi;
mod scripta;

use std::process::ExitCode;

const USAGE: &str = "usage:
  ludi scripta moves [\"<XSN with dice>\"]      legal turns (positions from stdin when omitted)
  ludi scripta analyze \"<XSN with dice>\" [--rollouts N] [--seed S] [--weights F]
                                                each outcome with the hard player's chance of
                                                winning, best first; with N rollouts each
  ludi scripta play --games N --seed S          random games between two random players
  ludi scripta match P1 P2 --games N --seed S [--threads T] [--weights F] [--weights2 F]
                                                computer players (random, easy, medium, hard,
                                                expert, mcts[:N]) in pairs of games on the
                                                same dice; --weights2: P2's own network
  ludi scripta train --games N --seed S --out F [--rules R] [--threads T] [--hidden H] [--checkpoint C]
                    [--init W --init-games G] [--check-every K] [--check-games M]
                                                trains the hard network by self-play to N
                                                games in all; with C, saves its state there
                                                and goes on from it when run again
  ludi scripta average --out F W1 W2 ...        the mean of weights files of one shape
  ludi scripta replay FILE                      replays a game record (FILE - is stdin):
                                                the final XSN and the result
  ludi latrunculi moves --rules R [\"<LFEN>\"]   legal moves (positions from stdin when omitted)
  ludi latrunculi play --rules R --games N --seed S
                                                random games between two random players
  ludi latrunculi match P1 P2 --rules R --games N --seed S [--threads T]
                                                computer players (random, easy, medium, hard)
                                                or references: mcts[:N] (UCT, N playouts a
                                                move) and ab[:D] (alpha-beta on material)
  ludi latrunculi bench [--rules R]             search depth, nodes per second, perft speed
  ludi latrunculi replay FILE                   replays a game record (FILE - is stdin):
                                                the final LFEN and the result
  ludi latrunculi presets                       every preset: its id, its rules in key=value
                                                form and its source, a line each
  ludi bench [--rules R] [--seconds S]          XII Scripta turn generation and random games
                                                (also `ludi scripta bench`)
  (XII Scripta's moves, play, match and bench take --rules P: austin-murray, the default,
   italian, italian-6, italian-columns, russian, or key=value,... as docs/scripta-rules.md)
  (R is piso, quintana or start=..,move=..,corner=..,noback=..,win=.., and Schädler's
   trap=..,leap=..,nobetween=..,norepeat=.. as docs/latrunculi.md)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("scripta") => scripta::run(rest),
        Some("latrunculi") => latrunculi::run(rest),
        Some("bench") => bench::run(rest),
        Some("help" | "--help" | "-h") => {
            say(format_args!("{USAGE}"));
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

/// Prints a line on standard output; a closed pipe (`ludi ... | head`) is not an error.
pub fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// Seconds of CPU time this thread has used, so that speed figures and think times measure
/// one core's work even while other programs share the machine.
#[cfg(unix)]
pub fn cpu_seconds() -> Option<f64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    ok.then(|| now.tv_sec as f64 + now.tv_nsec as f64 / 1e9)
}

/// Elsewhere speed figures fall back to the wall clock.
#[cfg(not(unix))]
pub fn cpu_seconds() -> Option<f64> {
    None
}

/// A stopwatch reading both wall-clock and CPU time.
pub struct Stopwatch {
    wall: std::time::Instant,
    cpu: Option<f64>,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            wall: std::time::Instant::now(),
            cpu: cpu_seconds(),
        }
    }

    pub fn wall(&self) -> f64 {
        self.wall.elapsed().as_secs_f64().max(1e-9)
    }

    /// CPU seconds since the start, or wall-clock seconds where CPU time is unknown.
    pub fn cpu(&self) -> f64 {
        match (self.cpu, cpu_seconds()) {
            (Some(start), Some(now)) => (now - start).max(1e-9),
            _ => self.wall(),
        }
    }
}

/// `moves` for either game. With one position argument, prints its block (a bad position is
/// bad input); with none, reads positions from standard input, one a line (blank lines
/// skipped), and prints each block followed by an empty line, a bad line answered
/// `error: <message>` while the run goes on. A closed output pipe ends the run quietly.
pub fn answer_positions(
    positional: &[String],
    mut block: impl FnMut(&str) -> Result<String, String>,
) -> Result<ExitCode, UsageError> {
    use std::io::{BufRead, Write};
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match positional {
        [text] => {
            let answer = block(text).map_err(UsageError)?;
            let _ = out.write_all(answer.as_bytes());
        }
        [] => {
            for line in std::io::stdin().lock().lines() {
                let line = line.map_err(|e| UsageError(format!("reading standard input: {e}")))?;
                if line.trim().is_empty() {
                    continue;
                }
                let answer = block(&line).unwrap_or_else(|message| format!("error: {message}\n"));
                if writeln!(out, "{answer}").is_err() {
                    break;
                }
            }
        }
        _ => {
            return Err(UsageError(
                "moves takes one position (quote it) or none to read standard input".into(),
            ))
        }
    }
    let _ = out.flush();
    Ok(ExitCode::SUCCESS)
}

/// `replay` for either game: reads the record in FILE (`-` for standard input), replays it
/// with `replay`, and prints the final position and `result: <result>`. A record that does
/// not read or replay prints `ludi: <FILE>: <why>` on standard error and exits with code 2.
pub fn replay_record(
    args: &[String],
    replay: impl FnOnce(&str) -> Result<(String, &'static str), String>,
) -> Result<ExitCode, UsageError> {
    use std::io::Read;
    let args = Args::parse(args, &[])?;
    let [path] = args.positional.as_slice() else {
        return Err(UsageError(
            "replay takes one record file (`-` for standard input)".into(),
        ));
    };
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    read.map_err(|e| UsageError(format!("reading `{path}`: {e}")))?;
    match replay(&text) {
        Ok((position, result)) => {
            say(position);
            say(format_args!("result: {result}"));
            Ok(ExitCode::SUCCESS)
        }
        Err(message) => {
            let name = if path == "-" { "standard input" } else { path };
            eprintln!("ludi: {name}: {message}");
            Ok(ExitCode::from(2))
        }
    }
}

/// `--games N` (at least 1, default 100) and `--seed S` (default 1), for `play` and `match`.
pub fn games_and_seed(args: &Args) -> Result<(u64, u64), UsageError> {
    let games: u64 = args.number("games", 100)?;
    if games == 0 {
        return Err(UsageError("--games must be at least 1".into()));
    }
    Ok((games, args.number("seed", 1)?))
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
