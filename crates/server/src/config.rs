//! The server's settings, from its command line (`ludi-server --help`).

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything a deployment may set.
#[derive(Clone, Debug)]
pub struct Config {
    pub bind: IpAddr,
    pub port: u16,
    /// Where SQLite keeps `ludi.sqlite` (unused under PostgreSQL).
    pub data: PathBuf,
    /// The built site to serve; none serves only the API.
    pub site: Option<PathBuf>,
    /// PostgreSQL's URL (`DATABASE_URL`), else SQLite.
    pub database_url: Option<String>,
    /// Page origins besides the server's own that may open a WebSocket.
    pub origins: Vec<String>,
    pub claim_after: Duration,
    /// The computer's pause before each of its actions, so that a player can follow them.
    pub computer_pace: Duration,
    pub limits: Limits,
}

/// The rate limits (docs/online.md).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Frames a second each connection may send on average…
    pub frames_per_second: u32,
    /// …and at once.
    pub frame_burst: u32,
    /// Open sockets per address.
    pub sockets_per_address: usize,
    /// Games (and classes) created per address in a minute.
    pub games_per_minute: u32,
    /// Class joins and teachers' commands per address in a minute: a school's pupils often
    /// share one address, so this allows several full classes joining at once.
    pub class_commands_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            frames_per_second: 20,
            frame_burst: 40,
            sockets_per_address: 64,
            games_per_minute: 60,
            class_commands_per_minute: 240,
        }
    }
}

pub const USAGE: &str = "usage: ludi-server [--port P (8080)] [--bind ADDR (127.0.0.1)] \
[--data DIR (./ludi-data)] [--site DIR] [--origin URL]... [--claim-after SECONDS (120)] \
[--computer-pace-ms MS (800)] \
[--frames-per-second N (20)] [--frame-burst N (40)] [--sockets-per-address N (64)] \
[--games-per-minute N (60)] [--class-commands-per-minute N (240)]\n\
DATABASE_URL=postgres://... stores games in PostgreSQL instead of SQLite. The site defaults \
to ./target/dist, else a `site` folder next to the binary, when either holds index.html.";

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            data: PathBuf::from("ludi-data"),
            site: None,
            database_url: None,
            origins: Vec::new(),
            claim_after: Duration::from_secs(120),
            computer_pace: Duration::from_millis(800),
            limits: Limits::default(),
        }
    }
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} wants a number, not `{value}`"))
}

/// The site when `--site` is not given: `target/dist` under the working folder (a checkout
/// after `cargo xtask dist`), else `site` beside the binary (an unpacked release).
fn default_site() -> Option<PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("site")));
    [Some(PathBuf::from("target/dist")), beside]
        .into_iter()
        .flatten()
        .find(|dir| dir.join("index.html").is_file())
}

impl Config {
    /// Reads the command line (without the program's name) and `DATABASE_URL`.
    pub fn from_args(args: &[String]) -> Result<Config, String> {
        let mut config = Config {
            database_url: std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()),
            ..Config::default()
        };
        let mut args = args.iter();
        while let Some(flag) = args.next() {
            let value = args
                .next()
                .ok_or_else(|| format!("{flag} wants a value\n{USAGE}"))?;
            config.set(flag, value)?;
        }
        if config.site.is_none() {
            config.site = default_site();
        }
        Ok(config)
    }

    fn set(&mut self, flag: &str, value: &str) -> Result<(), String> {
        let limits = &mut self.limits;
        match flag {
            "--port" => self.port = number(flag, value)?,
            "--bind" => self.bind = number(flag, value)?,
            "--data" => self.data = PathBuf::from(value),
            "--site" => self.site = Some(PathBuf::from(value)),
            "--origin" => self.origins.push(value.trim_end_matches('/').to_string()),
            "--claim-after" => self.claim_after = Duration::from_secs(number(flag, value)?),
            "--computer-pace-ms" => {
                self.computer_pace = Duration::from_millis(number(flag, value)?);
            }
            "--frames-per-second" => limits.frames_per_second = number(flag, value)?,
            "--frame-burst" => limits.frame_burst = number(flag, value)?,
            "--sockets-per-address" => limits.sockets_per_address = number(flag, value)?,
            "--games-per-minute" => limits.games_per_minute = number(flag, value)?,
            "--class-commands-per-minute" => {
                limits.class_commands_per_minute = number(flag, value)?;
            }
            _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn reads_every_flag_and_refuses_bad_ones() {
        let config = Config::from_args(&args(
            "--port 0 --bind 0.0.0.0 --data /tmp/x --site /tmp/s --origin https://a.example/ \
             --origin https://b.example --claim-after 5 --computer-pace-ms 0 --frames-per-second 100 \
             --frame-burst 200 --sockets-per-address 9000 --games-per-minute 100000 \
             --class-commands-per-minute 7",
        ))
        .unwrap();
        assert_eq!(config.port, 0);
        assert_eq!(config.bind.to_string(), "0.0.0.0");
        assert_eq!(config.origins, ["https://a.example", "https://b.example"]);
        assert_eq!(config.claim_after, Duration::from_secs(5));
        assert_eq!(config.computer_pace, Duration::ZERO);
        assert_eq!(config.limits.sockets_per_address, 9000);
        assert_eq!(config.limits.class_commands_per_minute, 7);
        assert_eq!(config.site, Some(PathBuf::from("/tmp/s")));
        for bad in ["--port", "--port x", "--fly 1", "--claim-after -1"] {
            assert!(Config::from_args(&args(bad)).is_err(), "{bad}");
        }
    }
}
