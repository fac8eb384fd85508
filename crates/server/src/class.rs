//! A teacher's class (docs/online.md, "Classes"): pupils join with a six-letter code and a
//! first name, the teacher pairs them into online games of the class's game and rules, sees
//! every game, pauses and resumes them all, ends the lesson and downloads every record.
//! A pupil's token is also its seat's token in the game it is paired into, so a pupil can
//! act only in its own game, through the same checks as any online game.

use crate::hub::Hub;
use crate::ids;
use crate::play::Kind;
use crate::protocol::Seat;
use crate::store::{now_ms, ClassRow, NewClass, PairedGame, PupilRow, Taker};
use serde_json::{json, Value};

/// Capitals that cannot be taken for a digit or for each other when read aloud or off a
/// projector: no B (8), G (6), I and L (1), O and Q (0), S (5), Z (2), U (V).
const CODE_LETTERS: &[u8; 17] = b"ACDEFHJKMNPRTVWXY";
/// Letters of a class code.
pub const CODE_LEN: usize = 6;
/// The most pupils a class takes.
pub const MAX_PUPILS: i64 = 60;
/// A class admits pupils for a day at most (and not after the lesson ends).
pub const LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// A new class code: six letters drawn evenly from [`CODE_LETTERS`].
pub fn new_code() -> Result<String, String> {
    let mut code = String::with_capacity(CODE_LEN);
    // 255 = 15 x 17: bytes from 255 up would favour the first letters, so they are drawn again.
    let even = u8::try_from(CODE_LETTERS.len() * 15).unwrap_or(u8::MAX);
    while code.len() < CODE_LEN {
        let [byte] = ids::random_bytes::<1>()?;
        if byte < even {
            code.push(char::from(
                CODE_LETTERS[usize::from(byte) % CODE_LETTERS.len()],
            ));
        }
    }
    Ok(code)
}

/// A code as a pupil types it: case, spaces and dashes do not matter; `None` unless it is six
/// of the code's letters.
pub fn read_code(text: &str) -> Option<String> {
    let code: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_LETTERS.contains(&b))).then_some(code)
}

/// Where a class stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Pupils are arriving; no game has started.
    Open,
    Playing,
    /// Every game of the class refuses actions until the teacher resumes.
    Paused,
    /// The lesson is over: nobody joins, and the games go on as ordinary online games.
    Ended,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Paused => "paused",
            Status::Ended => "ended",
        }
    }

    fn of(row: &ClassRow) -> Status {
        match row.status.as_str() {
            "open" => Status::Open,
            "playing" => Status::Playing,
            "paused" => Status::Paused,
            _ => Status::Ended,
        }
    }
}

/// Whether a class still admits pupils and its teacher's commands at `now` (ms).
pub fn is_live(row: &ClassRow, now: i64) -> bool {
    Status::of(row) != Status::Ended && now.saturating_sub(row.created) < LIFETIME_MS
}

/// The pairs the teacher gets by arrival: the first two waiting, the next two, and so on;
/// an odd pupil waits for the next to arrive.
pub fn pairs_by_arrival(waiting: &[i64]) -> Vec<[i64; 2]> {
    waiting.chunks_exact(2).map(|p| [p[0], p[1]]).collect()
}

/// The waiting pupils that `pairs` leave out, in order of arrival.
pub fn left_over(pairs: &[[i64; 2]], waiting: &[i64]) -> Vec<i64> {
    waiting
        .iter()
        .copied()
        .filter(|n| !pairs.iter().flatten().any(|p| p == n))
        .collect()
}

/// The teacher's own pairs: each of two waiting pupils, nobody in two pairs.
pub fn check_pairs(pairs: &[[i64; 2]], waiting: &[i64]) -> Result<(), String> {
    let mut seen = Vec::new();
    for &number in pairs.iter().flatten() {
        if !waiting.contains(&number) {
            return Err(format!("pupil {number} is not waiting for a game"));
        }
        if seen.contains(&number) {
            return Err(format!("pupil {number} is in two pairs"));
        }
        seen.push(number);
    }
    Ok(())
}

/// What a teacher's or pupil's command could not do.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The class has its sixty pupils.
    Full,
    /// The lesson is over or the code a day old.
    Ended,
    /// The teacher's pairs are not pairs of waiting pupils.
    BadPairs(String),
    /// The computer's level is not one of the game's.
    BadLevel(String),
}

/// A class as the teacher created it.
pub struct Created {
    pub row: ClassRow,
    pub key: String,
}

impl Hub {
    /// Opens a class of `kind` under `rules` (already read by the core), with a code no live
    /// class holds.
    pub async fn create_class(&self, kind: Kind, rules: String) -> Result<Created, String> {
        let now = now_ms();
        for _ in 0..16 {
            let code = new_code()?;
            if self
                .db
                .live_class(&code, now - LIFETIME_MS)
                .await?
                .is_some()
            {
                continue;
            }
            let key = ids::token()?;
            let class = NewClass {
                id: ids::code(ids::ID_LEN)?,
                code,
                kind: kind.name().into(),
                rules,
                key_hash: ids::token_hash(&key),
                created: now,
            };
            self.db.create_class(&class).await?;
            let row = self
                .db
                .class(&class.id)
                .await?
                .ok_or("the class was not kept")?;
            return Ok(Created { row, key });
        }
        Err("no free class code; try again".into())
    }

    /// The live class a pupil's code names.
    pub async fn class_by_code(&self, code: &str) -> Result<Option<ClassRow>, String> {
        self.db.live_class(code, now_ms() - LIFETIME_MS).await
    }

    /// The class `id` when `key` is its teacher's.
    pub async fn class_for_teacher(&self, id: &str, key: &str) -> Result<Option<ClassRow>, String> {
        if !ids::is_code(id, ids::ID_LEN) {
            return Ok(None);
        }
        let hash = ids::token_hash(key);
        Ok(self.db.class(id).await?.filter(|row| row.key_hash == hash))
    }

    /// The class `id` and the pupil `token` is, when it is one of its pupils.
    pub async fn class_for_pupil(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Option<(ClassRow, PupilRow)>, String> {
        if !ids::is_code(id, ids::ID_LEN) {
            return Ok(None);
        }
        let Some(row) = self.db.class(id).await? else {
            return Ok(None);
        };
        let hash = ids::token_hash(token);
        let pupil = self
            .db
            .pupils(id)
            .await?
            .into_iter()
            .find(|p| p.token_hash == hash);
        Ok(pupil.map(|p| (row, p)))
    }

    /// Adds a pupil (its name already checked): its number and token.
    pub async fn join_class(
        &self,
        row: &ClassRow,
        name: &str,
    ) -> Result<Result<(i64, String), Refused>, String> {
        if !is_live(row, now_ms()) {
            return Ok(Err(Refused::Ended));
        }
        let token = ids::token()?;
        let number = self
            .db
            .join_class(&row.id, name, &ids::token_hash(&token), MAX_PUPILS)
            .await?;
        Ok(number.map(|n| (n, token)).ok_or(Refused::Full))
    }

    /// Starts a game for each pair of waiting pupils: the teacher's `pairs`, else by arrival.
    /// The first of a pair takes the first seat (Albi, white).
    pub async fn start_class(
        &self,
        row: &ClassRow,
        pairs: Option<Vec<[i64; 2]>>,
        computer: Option<String>,
    ) -> Result<Result<(), Refused>, String> {
        if !is_live(row, now_ms()) {
            return Ok(Err(Refused::Ended));
        }
        let kind = Kind::from_name(&row.kind).ok_or("unknown game kind")?;
        let computer = match computer.map(|level| kind.level(&level)).transpose() {
            Ok(computer) => computer,
            Err(why) => return Ok(Err(Refused::BadLevel(why))),
        };
        let waiting: Vec<i64> = self
            .db
            .pupils(&row.id)
            .await?
            .iter()
            .filter(|p| p.game.is_none())
            .map(|p| p.number)
            .collect();
        let pairs = match pairs {
            Some(pairs) => {
                if let Err(why) = check_pairs(&pairs, &waiting) {
                    return Ok(Err(Refused::BadPairs(why)));
                }
                pairs
            }
            None => pairs_by_arrival(&waiting),
        };
        let mut games: Vec<[Taker; 2]> = pairs
            .iter()
            .map(|&[first, second]| [Taker::Pupil(first), Taker::Pupil(second)])
            .collect();
        if let (Some(level), [odd]) = (computer, left_over(&pairs, &waiting).as_slice()) {
            games.push([Taker::Pupil(*odd), Taker::Computer(level)]);
        }
        let seats = kind.seats().map(|s| s.name().to_string());
        for [first, second] in games {
            let game = PairedGame {
                id: ids::code(ids::ID_LEN)?,
                kind: row.kind.clone(),
                rules: row.rules.clone(),
                seed: ids::seed()?,
                watch: ids::code(ids::CODE_LEN)?,
                created: now_ms(),
                class: row.id.clone(),
                seats: [(seats[0].clone(), first), (seats[1].clone(), second)],
            };
            // A pupil paired meanwhile by another start keeps that game.
            self.db.pair(&game).await?;
        }
        if Status::of(row) == Status::Open {
            self.db
                .set_class_status(&row.id, Status::Playing.name())
                .await?;
        }
        Ok(Ok(()))
    }

    /// Pauses or resumes every game of the class.
    pub async fn pause_class(
        &self,
        row: &ClassRow,
        paused: bool,
    ) -> Result<Result<(), Refused>, String> {
        if !is_live(row, now_ms()) {
            return Ok(Err(Refused::Ended));
        }
        let status = match (paused, Status::of(row)) {
            (true, _) => Status::Paused,
            (false, Status::Open) => Status::Open,
            (false, _) => Status::Playing,
        };
        self.db.set_class_status(&row.id, status.name()).await?;
        self.pause_games(row, paused).await?;
        Ok(Ok(()))
    }

    /// Ends the lesson: the code admits nobody more, and unfinished games are resumed so
    /// that their pupils can finish them as ordinary online games.
    pub async fn end_class(&self, row: &ClassRow) -> Result<(), String> {
        self.db
            .set_class_status(&row.id, Status::Ended.name())
            .await?;
        self.pause_games(row, false).await
    }

    async fn pause_games(&self, row: &ClassRow, paused: bool) -> Result<(), String> {
        for id in self.class_games(&row.id).await? {
            if let Some(room) = self.room(&id).await? {
                let mut locked = room.lock().await;
                locked.set_paused(paused);
                self.wake_computer(&room, &mut locked);
            }
            self.db
                .notify(&format!("{id}:paused:{}", u8::from(paused)))
                .await?;
        }
        Ok(())
    }

    /// The class's games, in the order they were paired.
    async fn class_games(&self, class: &str) -> Result<Vec<String>, String> {
        let mut games: Vec<String> = Vec::new();
        for pupil in self.db.pupils(class).await? {
            if let Some(game) = pupil.game {
                if !games.contains(&game) {
                    games.push(game);
                }
            }
        }
        Ok(games)
    }

    /// The teacher's view: the class, its pupils, and every game's state and watch code.
    pub async fn class_wall(&self, row: &ClassRow) -> Result<Value, String> {
        let pupils = self.db.pupils(&row.id).await?;
        let mut games = Vec::new();
        for id in self.class_games(&row.id).await? {
            if let Some(room) = self.room(&id).await? {
                let room = room.lock().await;
                games.push(json!({
                    "id": id,
                    "watch": room.watch,
                    "state": room.state(Seat::Watch),
                }));
            }
        }
        let mut view = class_json(row);
        view["pupils"] = pupils
            .iter()
            .map(|p| {
                json!({
                    "number": p.number,
                    "name": p.name,
                    "game": p.game,
                    "seat": p.seat,
                })
            })
            .collect();
        view["games"] = Value::Array(games);
        Ok(view)
    }

    /// Every record of the class, one after another, each beginning with its `Game:` line; with
    /// `only`, that game's alone. `None` when `only` is no game of the class.
    pub async fn class_records(
        &self,
        row: &ClassRow,
        only: Option<&str>,
    ) -> Result<Option<String>, String> {
        let games = self.class_games(&row.id).await?;
        if only.is_some_and(|id| !games.iter().any(|g| g == id)) {
            return Ok(None);
        }
        let mut records = Vec::new();
        for id in games.iter().filter(|g| only.is_none_or(|id| id == *g)) {
            if let Some(room) = self.room(id).await? {
                records.push(room.lock().await.record());
            }
        }
        Ok(Some(records.join("\n")))
    }
}

/// What anyone with the code may see of a class.
pub fn class_json(row: &ClassRow) -> Value {
    let live = is_live(row, now_ms());
    json!({
        "id": row.id,
        "code": row.code,
        "game": row.kind,
        "rules": row.rules,
        "status": if live { Status::of(row) } else { Status::Ended }.name(),
        "expires": row.created.saturating_add(LIFETIME_MS),
    })
}

/// A pupil's view: the class, its own number and name, and its game once paired.
pub fn pupil_json(row: &ClassRow, pupil: &PupilRow) -> Value {
    let mut view = class_json(row);
    view["number"] = json!(pupil.number);
    view["name"] = json!(pupil.name);
    view["paired"] = match (&pupil.game, &pupil.seat) {
        (Some(game), Some(seat)) => json!({ "game": game, "seat": seat }),
        _ => Value::Null,
    };
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_letters_without_look_alikes() {
        let codes: Vec<String> = (0..200).map(|_| new_code().unwrap()).collect();
        for code in &codes {
            assert_eq!(read_code(code).as_deref(), Some(code.as_str()));
            assert!(!code.contains(['B', 'G', 'I', 'L', 'O', 'Q', 'S', 'Z', 'U', '0', '1']));
        }
        assert!(codes.iter().any(|c| c != &codes[0]), "codes differ");
        // Every letter comes up: the draw covers the alphabet.
        let used: std::collections::BTreeSet<char> = codes.iter().flat_map(|c| c.chars()).collect();
        assert_eq!(used.len(), CODE_LETTERS.len());
    }

    #[test]
    fn a_typed_code_ignores_case_spaces_and_dashes() {
        assert_eq!(read_code("acd efh").as_deref(), Some("ACDEFH"));
        assert_eq!(read_code("ACD-EFH").as_deref(), Some("ACDEFH"));
        for bad in [
            "", "ACDEF", "ACDEFHJ", "ACDEF0", "ACDEFB", "ÀCDEFH", "<ACDE>",
        ] {
            assert_eq!(read_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn pupils_pair_by_arrival_and_an_odd_one_waits() {
        assert_eq!(pairs_by_arrival(&[1, 2, 3, 4, 5]), vec![[1, 2], [3, 4]]);
        assert_eq!(pairs_by_arrival(&[7]), Vec::<[i64; 2]>::new());
    }

    #[test]
    fn the_teachers_pairs_are_of_waiting_pupils_each_once() {
        let waiting = [1, 2, 3, 4];
        assert!(check_pairs(&[[1, 3], [4, 2]], &waiting).is_ok());
        assert!(
            check_pairs(&[[1, 5]], &waiting).is_err(),
            "5 is not waiting"
        );
        assert!(check_pairs(&[[1, 2], [2, 3]], &waiting).is_err(), "2 twice");
        assert!(
            check_pairs(&[[1, 1]], &waiting).is_err(),
            "a pupil against itself"
        );
    }

    #[test]
    fn a_class_lives_a_day_and_not_after_the_lesson_ends() {
        let row = |status: &str, created| ClassRow {
            id: "c".into(),
            code: "ACDEFH".into(),
            kind: "scripta".into(),
            rules: String::new(),
            key_hash: String::new(),
            created,
            status: status.into(),
        };
        assert!(is_live(&row("open", 0), LIFETIME_MS - 1));
        assert!(!is_live(&row("open", 0), LIFETIME_MS));
        assert!(is_live(&row("paused", 0), 1));
        assert!(!is_live(&row("ended", 0), 1));
    }
}
