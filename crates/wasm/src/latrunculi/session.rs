//! The game as the page sees it, in plain Rust: every answer is a small serializable value
//! and every failure a readable message.

use ludi_core::latrunculi::{
    parse_seed, Cell, Field, Game, LfenError, Move, Position, Record, Refusal, Rules, SavedGame,
    Side, Trap,
};
use ludi_core::rng::os_seed;
use serde::Serialize;

/// One turn's action, taken apart for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// `d4-d6`, `@d4`, `xd4` or `=d6`.
    #[serde(rename = "move")]
    pub text: String,
    /// `place`, `move`, `remove` (a frozen enemy counter) or `stop` (a leap ends).
    pub kind: &'static str,
    /// `None` but for a move.
    pub from: Option<String>,
    /// Where the counter lands; the square emptied by a removal; where a leap stops.
    pub to: String,
    pub side: &'static str,
    /// Whose counters it takes or freezes: always the mover's enemy's.
    pub owner: &'static str,
    /// The squares whose counters the move takes off the board.
    pub captured: Vec<String>,
    /// The squares whose counters the move freezes (`trap=freeze`).
    pub frozen: Vec<String>,
    /// The piece placed or moved is a dux.
    pub dux: bool,
}

impl MoveView {
    /// `mv` as the side to move plays it in `before`, a position where it is legal.
    pub fn of(rules: &Rules, before: &Position, mv: Move) -> MoveView {
        let kind = if mv.is_placement() {
            "place"
        } else if mv.is_removal() {
            "remove"
        } else if mv.is_stop() {
            "stop"
        } else {
            "move"
        };
        // What froze is read off the board after the move: the counters of the other side
        // frozen then that were not before.
        let frozen = match before.apply(rules, mv) {
            Ok(after) if rules.trap == Trap::Freeze => before
                .board()
                .squares()
                .filter(|&square| {
                    let now = after.board().get(square);
                    matches!(now, Cell::Frozen(_)) && before.board().get(square) != now
                })
                .map(|s| s.to_string())
                .collect(),
            _ => Vec::new(),
        };
        let dux = match mv.from() {
            Some(from) => matches!(before.board().get(from), Cell::Dux(_)),
            None => mv.is_placement() && before.places_dux(rules),
        };
        MoveView {
            dux,
            text: mv.to_string(),
            kind,
            from: mv.from().map(|s| s.to_string()),
            to: mv.to().to_string(),
            side: before.turn().name(),
            owner: before.turn().other().name(),
            captured: before
                .captured_squares(rules, mv)
                .map(|s| s.to_string())
                .collect(),
            frozen,
        }
    }
}

/// A value for each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerSide<T> {
    pub white: T,
    pub black: T,
}

impl<T> PerSide<T> {
    fn of(value: impl Fn(Side) -> T) -> PerSide<T> {
        PerSide {
            white: value(Side::White),
            black: value(Side::Black),
        }
    }
}

/// One square of the board and what stands on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareView {
    pub square: String,
    pub file: usize,
    /// 0 is white's edge.
    pub rank: usize,
    pub piece: Option<&'static str>,
    /// A trapped counter that cannot move until freed or removed (`trap=freeze`).
    pub frozen: bool,
    /// The side's dux, which is never trapped (Kowalski's readings).
    pub dux: bool,
    pub corner: bool,
}

/// A counter leaping part-way through its turn, or moving again after a capture (`again`):
/// where it stands and the squares it has stood on this turn, in order. It may go on (the
/// snapshot's sources) or stop (`=at`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeapView {
    pub at: String,
    pub path: Vec<String>,
    pub again: bool,
}

/// The legal moves of the counter on `from`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceMoves {
    pub from: String,
    pub moves: Vec<MoveView>,
}

/// A finished game: `white`, `black` or `draw`, and why it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub winner: &'static str,
    pub reason: &'static str,
}

/// Why a tap does nothing: a code and its arguments by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefusalView {
    pub code: &'static str,
    /// Handed to the page as an object of named strings.
    #[serde(serialize_with = "as_object")]
    pub args: Vec<(&'static str, String)>,
}

/// Named arguments as one JS object (a sorted map would bring a sort into the module for
/// nothing: an object's keys have no order the page reads).
fn as_object<S: serde::Serializer>(
    args: &[(&'static str, String)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(args.iter().map(|(name, value)| (name, value)))
}

impl RefusalView {
    fn of(refusal: &Refusal) -> RefusalView {
        RefusalView {
            code: refusal.code(),
            args: refusal.args(),
        }
    }
}

/// Everything the page draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    /// Canonical LFEN.
    pub position: String,
    /// Canonical `start=..,move=..,corner=..,noback=..,win=..`.
    pub rules: String,
    pub preset: Option<&'static str>,
    /// Whether corners take part in traps: counters on a corner square are taken by its two
    /// neighbours, or the corner square traps with an enemy (the board marks the corners then).
    pub corners_capture: bool,
    pub width: usize,
    pub height: usize,
    pub turn: &'static str,
    /// `place` or `move`.
    pub phase: &'static str,
    pub squares: Vec<SquareView>,
    pub to_place: PerSide<u16>,
    /// The side to move's next placement is its dux (`dux=place`).
    pub placing_dux: bool,
    /// The side to move places the second of its two counters this turn.
    pub placing_second: bool,
    /// Counters captured by each side.
    pub captured: PerSide<u16>,
    /// Counters on the board.
    pub counters: PerSide<u16>,
    pub clock: u32,
    pub clock_limit: u16,
    pub last_moves: PerSide<Option<String>>,
    /// The legal placements now (empty outside the placement phase).
    pub placements: Vec<String>,
    /// While placing under `centre=on`, the centre square, kept empty.
    pub kept_empty: Option<String>,
    /// The legal moves grouped by the square they start from (movement phase).
    pub sources: Vec<SourceMoves>,
    /// The frozen enemy counters the side to move may remove instead of moving.
    pub removals: Vec<String>,
    /// A leap part-way: the turn goes on with the same counter until it stops.
    pub leap: Option<LeapView>,
    /// The latest turn's moves in order, whole or so far, for saying a turn at once.
    pub last_turn: Vec<MoveView>,
    /// The legal actions now that move no counter, as the engine writes them: placements,
    /// removals and a leap's stop.
    pub actions: Vec<MoveView>,
    pub result: Option<ResultView>,
    /// Moves and placements played in this game.
    pub moves: usize,
    pub seed: String,
    pub turn_seed: String,
    pub can_undo: bool,
}

/// A game as the page holds it.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
}

pub(crate) fn parse_rules(text: &str) -> Result<Rules, String> {
    Rules::parse(text.trim()).map_err(|e| e.to_string())
}

/// The two option keys that cannot go together in `text`, if that is why it is refused.
pub(crate) fn rules_clash(text: &str) -> Option<[&'static str; 2]> {
    Rules::parse(text.trim()).err()?.clashing()
}

/// A position from its LFEN; why not, said once as LFEN's (the page quotes it in a sentence
/// of its own, which already says the link's position was refused).
pub(crate) fn parse_position(lfen: &str) -> Result<Position, String> {
    lfen.trim().parse().map_err(|e: LfenError| match e.field {
        Field::Layout => format!("LFEN: {}", e.message),
        _ => format!("LFEN: {e}"),
    })
}

/// A seed as decimal text, or the system's randomness when there is none.
fn seed_or_random(seed: Option<&str>) -> Result<u64, String> {
    match seed.map(str::trim) {
        None | Some("") => os_seed(),
        Some(text) => parse_seed(text),
    }
}

impl Session {
    /// A game under `rules` (`piso`, `quintana` or `key=value,...`) from their start or from
    /// `lfen`; `seed` (decimal digits) makes "place the rest" and the turn seeds reproducible.
    pub fn new(rules: &str, lfen: Option<&str>, seed: Option<&str>) -> Result<Session, String> {
        let rules = parse_rules(rules)?;
        let start = match lfen.map(str::trim) {
            None | Some("") => Position::start(&rules),
            Some(text) => parse_position(text)?,
        };
        let seed = seed_or_random(seed)?;
        Ok(Session {
            game: Game::seeded(rules, start, seed),
        })
    }

    /// The game of a record taken over after its first `moves` moves, which it keeps as its
    /// history; its seed is the record's, else `seed` (random without one).
    pub fn from_record(text: &str, moves: u32, seed: Option<&str>) -> Result<Session, String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        let moves = usize::try_from(moves).unwrap_or(usize::MAX);
        let game = record
            .resume(moves, seed_or_random(seed)?)
            .map_err(|e| format!("{e}"))?;
        Ok(Session { game })
    }

    /// A game rebuilt from its save (`Game::restore` replays and checks every move).
    pub fn from_game(game: Game) -> Session {
        Session { game }
    }

    /// The next game: the same rules from their start, the seed derived from this one's.
    pub fn next_game(&self) -> Session {
        Session {
            game: self.game.next_game(),
        }
    }

    /// Plays `@d4` or `d4-d6`; returns the move with the squares it took.
    pub fn play(&mut self, text: &str) -> Result<MoveView, String> {
        let before = self.game.position().clone();
        let mv = self
            .game
            .play_text(text.trim())
            .map_err(|e| e.to_string())?;
        Ok(MoveView::of(self.game.rules(), &before, mv))
    }

    /// Places every remaining counter of both sides, drawn from the game's seed.
    pub fn place_rest(&mut self) -> Vec<MoveView> {
        let first = self.game.record().len();
        self.game.place_rest();
        self.views_from(first)
    }

    /// Takes back the last move or placement; returns it as it was played.
    pub fn undo(&mut self) -> Result<MoveView, String> {
        let mv = self
            .game
            .undo()
            .ok_or_else(|| "there is no move to take back".to_string())?;
        Ok(MoveView::of(self.game.rules(), self.game.position(), mv))
    }

    /// Why tapping `square` (with `selected` chosen before) does nothing; `None` when the tap
    /// places, moves or selects.
    pub fn refusal(&self, selected: Option<&str>, square: &str) -> Option<RefusalView> {
        self.game
            .refusal(selected, square)
            .as_ref()
            .map(RefusalView::of)
    }

    pub fn save(&self) -> SavedGame {
        self.game.save()
    }

    /// The game itself, for the computer players (`norepeat` asks its history).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game record of the moves so far, with who played and when; refused when those
    /// details would make a record that does not read back (a date that is not ISO).
    pub fn record(
        &self,
        white: Option<&str>,
        black: Option<&str>,
        date: Option<&str>,
    ) -> Result<String, String> {
        Record {
            white: white.map(str::to_owned),
            black: black.map(str::to_owned),
            date: date.map(str::to_owned),
            ..Record::from_game(&self.game)
        }
        .checked_text()
    }

    /// The moves played from index `first` on, as they were played.
    fn views_from(&self, first: usize) -> Vec<MoveView> {
        let rules = self.game.rules();
        let played = self.game.history().iter().zip(self.game.record());
        played
            .skip(first)
            .map(|(before, &mv)| MoveView::of(rules, before, mv))
            .collect()
    }

    /// The latest turn's moves, whole or so far: back from the last move to the one that began
    /// its turn (a leap's hops, a pair of placements); none before the first move.
    fn last_turn(&self) -> Vec<MoveView> {
        let rules = self.game.rules();
        let history = self.game.history();
        let Some(mut first) = self.game.record().len().checked_sub(1) else {
            return Vec::new();
        };
        while first > 0 && history[first].mid_turn(rules) {
            first -= 1;
        }
        self.views_from(first)
    }

    /// The leap part-way, with its path: where the turn's hops (`turn`, from
    /// [`Self::last_turn`]) started, and where the counter stands.
    fn leap(&self, turn: &[MoveView]) -> Option<LeapView> {
        let at = self.game.position().leaping()?.to_string();
        let mut path: Vec<String> = turn.iter().filter_map(|m| m.from.clone()).collect();
        path.push(at.clone());
        Some(LeapView {
            at,
            path,
            again: self.game.rules().again,
        })
    }

    pub fn snapshot(&self) -> Snapshot {
        let rules = self.game.rules();
        let position = self.game.position();
        let board = position.board();
        let last_turn = self.last_turn();
        let squares = board
            .squares()
            .map(|square| SquareView {
                square: square.to_string(),
                file: square.file(),
                rank: square.rank(),
                piece: board.get(square).owner().map(Side::name),
                frozen: matches!(board.get(square), Cell::Frozen(_)),
                dux: matches!(board.get(square), Cell::Dux(_)),
                corner: board.is_corner(square),
            })
            .collect();
        let legal = self.game.legal_moves();
        let placements = legal
            .iter()
            .filter(|mv| mv.is_placement())
            .map(|mv| mv.to().to_string())
            .collect();
        let removals = legal
            .iter()
            .filter(|mv| mv.is_removal())
            .map(|mv| mv.to().to_string())
            .collect();
        let mut sources: Vec<SourceMoves> = Vec::new();
        // Legal moves come grouped by the square they start from.
        for &mv in &legal {
            let Some(from) = mv.from() else { continue };
            let view = MoveView::of(rules, position, mv);
            match sources.last_mut() {
                Some(group) if group.from == from.to_string() => group.moves.push(view),
                _ => sources.push(SourceMoves {
                    from: from.to_string(),
                    moves: vec![view],
                }),
            }
        }
        Snapshot {
            position: position.to_string(),
            rules: rules.to_string(),
            preset: rules.preset(),
            corners_capture: rules.corners_trap(),
            width: board.width(),
            height: board.height(),
            turn: position.turn().name(),
            phase: if position.is_placement_phase() {
                "place"
            } else {
                "move"
            },
            squares,
            kept_empty: (rules.centre && position.is_placement_phase())
                .then(|| board.centre().to_string()),
            to_place: PerSide::of(|side| position.to_place(side)),
            placing_dux: position.places_dux(rules),
            placing_second: position.places_second(rules),
            captured: PerSide::of(|side| position.captured_by(side)),
            counters: PerSide::of(|side| position.counters(side)),
            clock: position.clock(),
            clock_limit: rules.quiet,
            last_moves: PerSide::of(|side| position.last_move(side).map(|m| m.to_string())),
            placements,
            sources,
            removals,
            leap: self.leap(&last_turn),
            last_turn,
            actions: legal
                .iter()
                .filter(|mv| mv.from().is_none())
                .map(|&mv| MoveView::of(rules, position, mv))
                .collect(),
            result: self.game.result().map(|result| ResultView {
                winner: result.outcome.name(),
                reason: result.reason.code(),
            }),
            moves: self.game.record().len(),
            seed: self.game.seed().to_string(),
            turn_seed: self.game.turn_seed().to_string(),
            can_undo: !self.game.record().is_empty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn restore(saved: &SavedGame) -> Result<Session, String> {
        Game::restore(saved)
            .map(Session::from_game)
            .map_err(|e| e.to_string())
    }

    fn session(rules: &str, lfen: &str) -> Session {
        Session::new(rules, Some(lfen), Some("1")).unwrap()
    }

    #[test]
    fn own_rules_that_clash_name_their_two_keys() {
        assert_eq!(rules_clash("leap=own,again=on"), Some(["again", "leap"]));
        assert_eq!(
            rules_clash(" start=rows,dux=place "),
            Some(["dux", "start"])
        );
        assert_eq!(rules_clash("start=rows"), None, "valid");
        assert_eq!(
            rules_clash("start=rows,start=place"),
            None,
            "wrong another way"
        );
    }

    #[test]
    fn frozen_counters_removals_and_leaps_are_shown() {
        // Schädler 1994: white's e2-e3 traps black's d3 against c3, and d3 freezes.
        let mut s = session("schadler-1994", "7B/8/8/8/8/2WB4/4W3/B7 w 0,0 0,0 0 -,-");
        let e2 = s
            .snapshot()
            .sources
            .into_iter()
            .find(|g| g.from == "e2")
            .unwrap();
        let up = e2.moves.iter().find(|m| m.text == "e2-e3").unwrap().clone();
        assert_eq!(
            (up.kind, up.frozen.clone(), up.captured.len()),
            ("move", vec!["d3".to_string()], 0)
        );
        assert_eq!(s.play("e2-e3").unwrap(), up);
        let after = s.snapshot();
        let d3 = after.squares.iter().find(|q| q.square == "d3").unwrap();
        assert_eq!((d3.piece, d3.frozen), (Some("black"), true));
        assert!(
            after.removals.is_empty(),
            "black removes no counter of its own"
        );
        assert!(
            after.sources.iter().all(|g| g.from != "d3"),
            "frozen, it cannot move"
        );
        assert_eq!(s.refusal(None, "d3").unwrap().code, "frozen");
        s.play("h8-h7").unwrap();
        let white = s.snapshot();
        assert_eq!(white.removals, ["d3"]);
        let offered = white.actions.clone();
        let removal = s.play("xd3").unwrap();
        assert_eq!(
            offered,
            std::slice::from_ref(&removal),
            "the removal is offered as played"
        );
        assert_eq!(
            (
                removal.kind,
                removal.from,
                removal.to.as_str(),
                removal.captured
            ),
            ("remove", None, "d3", vec!["d3".to_string()])
        );
        assert_eq!(s.snapshot().captured.white, 1);

        // A leap over d2 to d3 may go on over d4 to d5 (and ends there, with no hop left) or
        // stop on d3 (`=d3`).
        let mut leap = session("schadler-1994", "B6B/8/8/8/3W4/8/3W4/3W4 w 0,0 0,0 0 -,-");
        assert_eq!(leap.snapshot().leap, None);
        leap.play("d1-d3").unwrap();
        let part = leap.snapshot();
        assert_eq!(
            part.leap,
            Some(LeapView {
                at: "d3".into(),
                path: vec!["d1".into(), "d3".into()],
                again: false,
            })
        );
        assert_eq!(part.turn, "white");
        assert_eq!(part.sources.len(), 1, "only the leaping counter goes on");
        let offered = part.actions.clone();
        let mut on = leap.clone();
        on.play("d3-d5").unwrap();
        assert_eq!((on.snapshot().leap, on.snapshot().turn), (None, "black"));
        let stop = leap.play("=d3").unwrap();
        assert_eq!(
            offered,
            std::slice::from_ref(&stop),
            "the stop is offered as played"
        );
        assert_eq!(
            (stop.kind, stop.to.as_str(), stop.from),
            ("stop", "d3", None)
        );
        let done = leap.snapshot();
        assert_eq!((done.leap, done.turn), (None, "black"));
        let turn = |s: &Session| {
            s.snapshot()
                .last_turn
                .into_iter()
                .map(|m| m.text)
                .collect::<Vec<_>>()
        };
        assert_eq!(turn(&leap), ["d1-d3", "=d3"], "a leap is one turn");
        assert_eq!(turn(&on), ["d1-d3", "d3-d5"]);
        leap.play("a8-a7").unwrap();
        assert_eq!(turn(&leap), ["a8-a7"], "the next turn alone");
        let back = restore(&leap.save()).unwrap();
        assert_eq!(back.snapshot(), leap.snapshot());
        assert!(Session::new("piso", Some("8/8/8/8/3W4/3b4/3W4/8 b 0,0 0,0 0 -,-"), None).is_ok());
    }

    #[test]
    fn a_new_game_shows_the_rules_start() {
        let s = Session::new("quintana", None, Some("4"))
            .unwrap()
            .snapshot();
        assert_eq!(
            s.position,
            "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-"
        );
        assert_eq!(
            s.rules,
            "start=rows,move=rook,corner=off,noback=off,win=all"
        );
        assert_eq!(s.preset, Some("quintana"));
        assert!(!s.corners_capture);
        assert_eq!(
            (s.width, s.height, s.turn, s.phase),
            (8, 8, "white", "move")
        );
        assert_eq!(s.squares.len(), 64);
        assert_eq!(
            s.squares[0],
            SquareView {
                square: "a1".into(),
                file: 0,
                rank: 0,
                piece: Some("white"),
                frozen: false,
                dux: false,
                corner: true
            }
        );
        assert_eq!(
            s.counters,
            PerSide {
                white: 16,
                black: 16
            }
        );
        assert!(s.placements.is_empty());
        assert_eq!(s.sources.len(), 8, "the eight counters of rank 2");
        assert_eq!(s.sources[0].from, "a2");
        assert_eq!(s.sources[0].moves.len(), 4);
        assert_eq!((s.clock, s.clock_limit), (0, 100));
        assert_eq!(s.result, None);
        assert_eq!((s.moves, s.can_undo), (0, false));
        assert_eq!(s.seed, "4");
        assert_eq!(
            s.turn_seed,
            4u64.wrapping_mul(0x9e37_79b9_7f4a_7c15).to_string()
        );

        let piso = Session::new("piso", None, Some("4")).unwrap().snapshot();
        assert_eq!(piso.phase, "place");
        assert!(piso.corners_capture);
        assert_eq!(piso.placements.len(), 64);
        assert_eq!(piso.kept_empty, None);
        assert!(piso.sources.is_empty());
        // Seega's on 6 x 7: the centre stays out of the placements, and the view names it
        // until the counters are all placed.
        // Kowalski's duxes are shown as such.
        let kowalski = Session::new("kowalski-10x11", None, Some("4"))
            .unwrap()
            .snapshot();
        let duxes: Vec<(&str, Option<&str>)> = kowalski
            .squares
            .iter()
            .filter(|q| q.dux)
            .map(|q| (q.square.as_str(), q.piece))
            .collect();
        assert_eq!(duxes, [("f1", Some("white")), ("f10", Some("black"))]);
        let mut seega = Session::new("seega-6x7", None, Some("4")).unwrap();
        let s = seega.snapshot();
        assert_eq!((s.width, s.height, s.preset), (6, 7, Some("seega-6x7")));
        assert_eq!(s.kept_empty.as_deref(), Some("c4"));
        assert_eq!(s.placements.len(), 41);
        assert!(!s.placements.contains(&"c4".to_string()));
        // Each placement is offered whole, as the engine writes it.
        let texts: Vec<String> = s.actions.iter().map(|a| a.text.clone()).collect();
        let written: Vec<String> = s.placements.iter().map(|q| format!("@{q}")).collect();
        assert_eq!(texts, written);
        assert!(s
            .actions
            .iter()
            .all(|a| a.kind == "place" && a.from.is_none()));
        assert!(seega.play("@c4").is_err());
        assert!(seega.snapshot().last_turn.is_empty(), "no move yet");
        seega.play("@a1").unwrap();
        assert_eq!(seega.snapshot().turn, "white", "two placements a turn");
        assert!(seega.snapshot().placing_second);
        seega.play("@a2").unwrap();
        let s = seega.snapshot();
        assert_eq!(s.turn, "black");
        assert!(!s.placing_second, "black starts its own pair");
        let pair: Vec<_> = s.last_turn.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(pair, ["@a1", "@a2"], "the pair is one turn");
        seega.undo().unwrap();
        seega.place_rest();
        let s = seega.snapshot();
        assert_eq!((s.phase, s.kept_empty), ("move", None));
        assert_eq!(
            piso.to_place,
            PerSide {
                white: 20,
                black: 20
            }
        );
        let mixed = Session::new("move=rook", None, Some("4"))
            .unwrap()
            .snapshot();
        assert_eq!(mixed.preset, None);
    }

    #[test]
    fn plays_shows_captures_and_undoes() {
        let mut s = session("piso", "8/8/8/3W4/3B4/1WB1BW2/3W4/7B w 0,0 0,0 7 -,-");
        let sources = s.snapshot().sources;
        let d2 = sources.iter().find(|g| g.from == "d2").unwrap();
        let up = d2.moves.iter().find(|m| m.text == "d2-d3").unwrap();
        assert_eq!(up.captured, ["d4", "e3", "c3"]);
        let played = s.play("d2-d3").unwrap();
        assert_eq!(
            played,
            MoveView {
                text: "d2-d3".into(),
                kind: "move",
                from: Some("d2".into()),
                to: "d3".into(),
                side: "white",
                owner: "black",
                captured: vec!["d4".into(), "e3".into(), "c3".into()],
                frozen: Vec::new(),
                dux: false,
            }
        );
        let after = s.snapshot();
        assert_eq!(after.captured, PerSide { white: 3, black: 0 });
        assert_eq!(after.result.as_ref().map(|r| r.reason), Some("down-to-one"));
        assert_eq!(after.result.map(|r| r.winner), Some("white"));
        assert_eq!(after.last_moves.white.as_deref(), Some("d2-d3"));
        assert!(after.can_undo);
        assert!(s.play("h1-h2").unwrap_err().contains("over"));
        let record: Record = s.record(None, Some("Ben"), None).unwrap().parse().unwrap();
        assert_eq!(record.black.as_deref(), Some("Ben"));
        assert_eq!(&record.replay().unwrap(), s.game.position());
        assert_eq!(s.undo().unwrap(), played, "undo shows what it puts back");
        assert_eq!(s.snapshot().counters, PerSide { white: 4, black: 4 });
        assert!(s.undo().unwrap_err().contains("no move"));
    }

    #[test]
    fn place_rest_is_reproducible_for_a_seed() {
        let placed = |seed: &str| {
            let mut s = Session::new("piso", None, Some(seed)).unwrap();
            s.play("@d4").unwrap();
            let rest = s.place_rest();
            (rest, s.snapshot())
        };
        let (rest, snapshot) = placed("8");
        assert_eq!(rest.len(), 39);
        assert_eq!(rest[0].side, "black");
        assert_eq!(rest[1].side, "white");
        assert!(rest
            .iter()
            .all(|m| m.from.is_none() && m.captured.is_empty()));
        assert_eq!(snapshot.phase, "move");
        assert_eq!(snapshot.moves, 40);
        assert_eq!(placed("8"), (rest.clone(), snapshot));
        assert_ne!(placed("9").0, rest);
        let mut moving = Session::new("quintana", None, Some("8")).unwrap();
        assert!(moving.place_rest().is_empty());
    }

    #[test]
    fn refusals_come_through_with_codes_and_args() {
        let s = session("quintana", "8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-");
        assert_eq!(s.refusal(None, "d4"), None);
        assert_eq!(s.refusal(Some("d4"), "h4"), None);
        let view = |selected: Option<&str>, square: &str| {
            let refusal = s.refusal(selected, square).unwrap();
            let mut args: Vec<String> = refusal
                .args
                .iter()
                .map(|(k, v)| format!(" {k}={v}"))
                .collect();
            args.sort();
            format!("{}{}", refusal.code, args.concat())
        };
        assert_eq!(view(None, "d5"), "not-yours side=black square=d5");
        assert_eq!(view(None, "e4"), "empty square=e4");
        assert_eq!(view(Some("d4"), "d7"), "path-blocked at=d5 from=d4 to=d7");
        assert_eq!(view(Some("d4"), "e5"), "not-in-line from=d4 to=e5");
        assert_eq!(view(Some("d4"), "d5"), "occupied square=d5");
        assert_eq!(view(None, "q9"), "not-a-square square=q9");
        assert_eq!(view(Some("zz"), "d4"), "not-a-square square=zz");
        let piso = session("piso", "8/8/8/8/8/8/8/WB6 w 2,2 0,0 0 -,-");
        assert_eq!(piso.refusal(None, "c1"), None);
        assert_eq!(piso.refusal(None, "a1").unwrap().code, "occupied");
        assert_eq!(piso.refusal(Some("a1"), "a2").unwrap().code, "place-first");
        let step = session("piso", "7B/8/8/3W4/8/8/8/W6B w 0,0 0,0 0 d4-d5,h7-h8");
        assert_eq!(
            step.refusal(Some("d5"), "d4").unwrap().code,
            "straight-back"
        );
        assert_eq!(step.refusal(Some("d5"), "d7").unwrap().code, "one-step");
        let boxed = session("piso", "8/8/8/8/8/B7/WB6/WW6 w 0,0 0,0 0 -,-");
        assert_eq!(boxed.refusal(None, "a1").unwrap().code, "no-move");
        let over = session("piso", "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        assert_eq!(over.refusal(None, "h2").unwrap().code, "game-over");
    }

    #[test]
    fn saved_games_replay_exactly_and_tampering_is_caught() {
        let mut s = Session::new("piso", None, Some("77")).unwrap();
        s.play("@c3").unwrap();
        s.place_rest();
        for _ in 0..12 {
            let Some(text) = s
                .snapshot()
                .sources
                .first()
                .map(|g| g.moves[0].text.clone())
            else {
                break;
            };
            s.play(&text).unwrap();
        }
        let saved = s.save();
        assert_eq!(saved.seed, "77");
        assert_eq!(saved.start, "8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-");
        let back = restore(&saved).unwrap();
        assert_eq!(back.snapshot(), s.snapshot());

        let mut bad = saved.clone();
        bad.moves[45] = "a1-h8".into();
        let err = restore(&bad).unwrap_err();
        assert!(
            err.contains("does not replay") && err.contains("move 46"),
            "{err}"
        );
        let mut bad = saved.clone();
        bad.start = "garbage".into();
        assert!(restore(&bad).is_err());
        let mut bad = saved;
        bad.rules = "move=fly".into();
        assert!(restore(&bad).unwrap_err().contains("move=fly"));
    }

    #[test]
    fn a_record_is_taken_over_after_any_move() {
        let mut s = Session::new("piso", None, Some("21")).unwrap();
        s.play("@c3").unwrap();
        s.place_rest();
        let text = s.record(Some("Ada"), None, None).unwrap();
        let taken = Session::from_record(&text, 12, None).unwrap();
        assert_eq!(taken.snapshot().moves, 12);
        assert_eq!(taken.snapshot().seed, "21");
        assert_eq!(taken.save().moves, s.save().moves[..12]);
        let all = Session::from_record(&text, u32::MAX, None).unwrap();
        assert_eq!(all.snapshot(), s.snapshot());
        let unseeded = "Game: Latrunculi\nRules: quintana\n\na2-a5\n";
        assert_eq!(
            Session::from_record(unseeded, 1, Some("4"))
                .unwrap()
                .snapshot()
                .seed,
            "4"
        );
        let bad = Session::from_record("Game: Latrunculi\n\n@d4\n@d4\n", 1, None);
        assert!(bad.unwrap_err().starts_with("turn 2 `@d4` is illegal"));
    }

    #[test]
    fn next_game_keeps_the_rules_and_derives_the_seed() {
        let mut s = Session::new(
            "move=rook",
            Some("8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-"),
            Some("3"),
        )
        .unwrap();
        s.play("d4-e4").unwrap();
        let next = s.next_game().snapshot();
        assert_eq!(next.rules, s.snapshot().rules);
        assert_eq!(next.position, "8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-");
        assert_eq!(next.seed, s.next_game().snapshot().seed);
        assert_ne!(next.seed, "3");
    }

    #[test]
    fn bad_input_is_refused_with_words_and_changes_nothing() {
        assert!(Session::new("chess", None, None)
            .unwrap_err()
            .contains("`chess`"));
        assert!(Session::new("", None, None).unwrap_err().contains("empty"));
        assert!(Session::new("piso", Some("8/8 w"), None)
            .unwrap_err()
            .starts_with("LFEN: expected"));
        assert!(
            Session::new("piso", Some("B5/6/2W3/2B3/3W2/6 x 0,0 0,0 0 -,-"), None)
                .unwrap_err()
                .starts_with("LFEN: turn:")
        );
        assert!(Session::new("piso", None, Some("-3"))
            .unwrap_err()
            .contains("whole number"));
        assert!(Session::new("piso", None, Some("99999999999999999999999")).is_err());
        assert!(Session::new("piso", None, None).is_ok(), "a random seed");

        let mut s = session("quintana", "8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-");
        let before = s.snapshot();
        assert!(s.play("zz").unwrap_err().contains("not a move"));
        assert!(s.play("d4-e5").unwrap_err().contains("not a legal move"));
        assert!(s.play("@e5").unwrap_err().contains("not a legal move"));
        assert!(s.undo().is_err());
        assert_eq!(s.snapshot(), before);

        let mut over = session("piso", "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        let ended = over.snapshot();
        assert!(over.play("c1-c2").unwrap_err().contains("game is over"));
        assert!(over.place_rest().is_empty());
        assert_eq!(over.snapshot(), ended);
    }

    #[test]
    fn a_record_is_refused_when_its_date_would_not_read_back() {
        let s = session("quintana", "8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-");
        for bad in ["30/11/2026", "2026-11-32", "today", ""] {
            let err = s.record(None, None, Some(bad)).unwrap_err();
            assert!(err.contains("ISO date"), "{bad}: {err}");
        }
        let text = s
            .record(None, Some("Ben\r\nHur"), Some("2026-11-30"))
            .unwrap();
        let read: Record = text.parse().unwrap();
        assert_eq!(read.black.as_deref(), Some("Ben  Hur"));
    }

    #[test]
    fn bells_dux_placement_and_move_after_a_capture_are_in_the_snapshot() {
        let mut placing = session(
            "bell-8x8",
            "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 1,1 0,0 0 -,-",
        );
        assert!(placing.snapshot().placing_dux);
        assert!(placing.play("@d4").unwrap().dux, "the dux is placed");
        let placed = placing.snapshot();
        assert!(placed.placing_dux, "black's last placement is its dux too");
        assert!(placed.squares.iter().any(|q| q.square == "d4" && q.dux));
        let mut again = session("bell-8x8", "7B/8/3W4/3BBW2/2W5/8/B7/X7 w 0,0 0,0 0 -,-");
        assert!(!again.snapshot().placing_dux);
        assert!(!again.play("c4-d4").unwrap().dux, "a counter moved");
        let part = again.snapshot();
        assert_eq!(
            part.leap,
            Some(LeapView {
                at: "d4".into(),
                path: vec!["c4".into(), "d4".into()],
                again: true,
            })
        );
        assert!(part.corners_capture, "hostile corners are marked");
        let hop = session("bell-8x8", "7B/8/3W4/3BBW2/2W5/8/B7/X7 w 0,0 0,0 0 -,-")
            .play("a1-a3")
            .unwrap();
        assert!(hop.dux, "the dux hopped");
    }
}
