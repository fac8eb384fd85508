//! Rate limits: a token bucket per connection, and per address a count of open sockets and
//! of games created in the last minute.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A connection's frames: `rate` a second on average, at most `burst` at once.
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            rate: f64::from(rate),
            burst: f64::from(burst),
            tokens: f64::from(burst),
            at: Instant::now(),
        }
    }

    /// Takes one frame's token; false when the connection has sent too many.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What an address may do only so many times a minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerMinute {
    /// Create a game or a class.
    Games,
    /// Join a class, or give a class a teacher's command (start, pause, resume, end).
    ClassCommands,
}

/// What each address holds now.
#[derive(Default)]
struct Address {
    sockets: usize,
    /// When, in the last minute, it did each [`PerMinute`] thing.
    games: Vec<Instant>,
    class_commands: Vec<Instant>,
}

impl Address {
    fn idle(&self) -> bool {
        self.sockets == 0 && self.games.is_empty() && self.class_commands.is_empty()
    }
}

/// The per-address counts.
#[derive(Default)]
pub struct Addresses {
    map: Mutex<HashMap<IpAddr, Address>>,
}

/// One open socket of an address; dropping it frees the place.
pub struct SocketPlace {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Drop for SocketPlace {
    fn drop(&mut self) {
        if let Ok(mut map) = self.addresses.map.lock() {
            if let Some(a) = map.get_mut(&self.ip) {
                a.sockets = a.sockets.saturating_sub(1);
                if a.idle() {
                    map.remove(&self.ip);
                }
            }
        }
    }
}

const MINUTE: Duration = Duration::from_secs(60);

impl Addresses {
    /// A place for one more socket of `ip`, unless it has `max` open.
    pub fn open_socket(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<SocketPlace> {
        let mut map = self.map.lock().ok()?;
        let a = map.entry(ip).or_default();
        if a.sockets >= max {
            return None;
        }
        a.sockets += 1;
        Some(SocketPlace {
            addresses: self.clone(),
            ip,
        })
    }

    /// Counts one `what` by `ip`; false when it has done `max` in the last minute.
    pub fn count(&self, ip: IpAddr, what: PerMinute, max: u32) -> bool {
        let Ok(mut map) = self.map.lock() else {
            return false;
        };
        let a = map.entry(ip).or_default();
        let times = match what {
            PerMinute::Games => &mut a.games,
            PerMinute::ClassCommands => &mut a.class_commands,
        };
        let now = Instant::now();
        times.retain(|&t| now.saturating_duration_since(t) < MINUTE);
        if times.len() >= usize::try_from(max).unwrap_or(usize::MAX) {
            return false;
        }
        times.push(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut bucket = Bucket::new(20, 40);
        let start = bucket.at;
        assert_eq!((0..50).filter(|_| bucket.take_at(start)).count(), 40);
        assert!(!bucket.take_at(start));
        let later = start + Duration::from_millis(100);
        assert_eq!((0..10).filter(|_| bucket.take_at(later)).count(), 2);
    }

    #[test]
    fn addresses_have_their_own_counts() {
        let addresses = Arc::new(Addresses::default());
        let (a, b) = (IpAddr::from([127, 0, 0, 1]), IpAddr::from([127, 0, 0, 2]));
        let first = addresses.open_socket(a, 1);
        assert!(first.is_some());
        assert!(addresses.open_socket(a, 1).is_none());
        assert!(addresses.open_socket(b, 1).is_some());
        drop(first);
        assert!(addresses.open_socket(a, 1).is_some());
        let games = |ip| addresses.count(ip, PerMinute::Games, 2);
        assert!(games(a) && games(a));
        assert!(!games(a));
        assert!(games(b));
        assert!(
            addresses.count(a, PerMinute::ClassCommands, 1),
            "each thing has its own count"
        );
        assert!(!addresses.count(a, PerMinute::ClassCommands, 1));
    }
}
