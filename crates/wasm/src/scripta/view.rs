//! The values the page reads, shaped as the contract names them: each built from a core value
//! and nothing else.

use ludi_core::scripta::{
    Cell, Dice, Die, DieState, From, Game, Geometry, Hit, Mark, Move, Refusal, Side, Table, To,
    Tray,
};
use serde::Serialize;

/// Where a step starts or ends, as the page names it: a mark number or a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PlaceView {
    Mark(u8),
    /// `tray` (entering) or `off` (bearing off).
    Word(&'static str),
}

impl PlaceView {
    fn from(from: From) -> PlaceView {
        match from {
            From::Tray => PlaceView::Word("tray"),
            From::Mark(m) => PlaceView::Mark(m.get()),
        }
    }

    fn to(to: To) -> PlaceView {
        match to {
            To::Mark(m) => PlaceView::Mark(m.get()),
            To::Off => PlaceView::Word("off"),
        }
    }
}

/// One step (a move, under the other readings), written and taken apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepView {
    pub step: String,
    pub from: PlaceView,
    pub to: PlaceView,
    /// The distance moved: the die, the sum of a summed move, one die of a stack's.
    pub die: u8,
    /// It captured.
    pub hit: bool,
    /// Counters moved: 1 unless a stack moves.
    pub count: u8,
    /// The dice spent.
    pub dice: Vec<u8>,
    /// The dice were added into one jump.
    pub summed: bool,
}

impl StepView {
    /// A move under any reading.
    pub fn of(mv: Move) -> StepView {
        let dice = mv.dice.values();
        StepView {
            step: mv.to_string(),
            from: PlaceView::from(mv.from),
            to: PlaceView::to(mv.to),
            die: if mv.summed {
                dice.iter().sum()
            } else {
                dice.first().copied().unwrap_or(0)
            },
            hit: mv.hit > 0,
            count: mv.count,
            dice: dice.to_vec(),
            summed: mv.summed,
        }
    }
}

/// The legal steps from one source (the tray or a mark).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceSteps {
    pub source: PlaceView,
    pub steps: Vec<StepView>,
}

/// The legal moves grouped by source, in the order the game lists them (each source's moves
/// together).
fn sources(game: &Game) -> Vec<SourceSteps> {
    let mut groups: Vec<SourceSteps> = Vec::new();
    for mv in game.legal_moves() {
        let view = StepView::of(mv);
        match groups.last_mut() {
            Some(group) if group.source == view.from => group.steps.push(view),
            _ => groups.push(SourceSteps {
                source: view.from,
                steps: vec![view],
            }),
        }
    }
    groups
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DieView {
    pub value: u8,
    pub state: &'static str,
}

/// One side's opening throw: its dice and their total, which the higher wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThrowView {
    pub dice: Vec<u8>,
    pub total: u32,
}

impl ThrowView {
    fn of(dice: &Dice) -> ThrowView {
        ThrowView {
            dice: dice.values().to_vec(),
            total: dice.total(),
        }
    }
}

/// The opening throw that chose the opener (the last, after any ties).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningView {
    pub albi: ThrowView,
    pub nigri: ThrowView,
}

impl OpeningView {
    /// Said until the game's first throw; none where the rules name the opener.
    fn of(game: &Game) -> Option<OpeningView> {
        let [albi, nigri] = game.opening().last()?;
        let begun = !game.turns().is_empty() || !game.thrown().is_empty();
        (!begun).then(|| OpeningView {
            albi: ThrowView::of(albi),
            nigri: ThrowView::of(nigri),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrayView {
    pub waiting: u8,
    pub sent_home: u8,
    pub borne_off: u8,
    /// Counters hit to the middle row that must make this turn's first move (Russian).
    pub must_move: u8,
}

impl TrayView {
    fn of(tray: Tray, must_move: u8) -> TrayView {
        TrayView {
            waiting: tray.waiting,
            sent_home: tray.sent_home,
            borne_off: tray.borne_off,
            must_move,
        }
    }
}

/// The marks of `side`'s counters hit to the middle row that must move first, counted.
fn hit_to_move(table: &Table, side: Side) -> u8 {
    table.must_move_first(side).count_ones() as u8
}

/// Per side, the marks where one of its counters could not land now because the other side
/// holds them (the core's `Table::blocked`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockedView {
    pub albi: Vec<u8>,
    pub nigri: Vec<u8>,
}

impl BlockedView {
    fn of(table: &Table) -> BlockedView {
        let marks = |side| table.blocked(side).iter().map(|m| m.get()).collect();
        BlockedView {
            albi: marks(Side::Albi),
            nigri: marks(Side::Nigri),
        }
    }
}

/// Counters of one side on one mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    pub mark: u8,
    pub side: &'static str,
    pub count: u8,
}

/// Everything the page draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub position: String,
    pub turn: &'static str,
    pub opener: &'static str,
    /// How the opener was chosen, while the game has not begun.
    pub opening: Option<OpeningView>,
    pub thrown: bool,
    pub dice: Vec<DieView>,
    pub turn_over: bool,
    /// The steps played so far this turn, in order.
    pub steps: Vec<StepView>,
    pub sources: Vec<SourceSteps>,
    pub albi: TrayView,
    pub nigri: TrayView,
    pub marks: Vec<Placed>,
    /// Confirmed turns of both sides.
    pub turns: usize,
    pub winner: Option<&'static str>,
    /// Decimal digits: a u64 does not survive JS numbers.
    pub seed: String,
    pub turn_seed: String,
    /// `austin-murray` for Austin and Murray's rules, else the preset id or the canonical
    /// key=value text.
    pub rules: String,
    pub blocked: BlockedView,
}

fn dice_views(states: Vec<(Die, DieState)>) -> Vec<DieView> {
    states
        .into_iter()
        .map(|(die, state)| DieView {
            value: die.get(),
            state: state.name(),
        })
        .collect()
}

impl Snapshot {
    /// Marks in the numbering of the side whose counters stand there (the page places a
    /// private cell by its owner).
    pub fn of(game: &Game) -> Snapshot {
        let table = game.table();
        let rules = table.rules();
        let mut marks = Vec::new();
        for mark in (1..=rules.marks()).filter_map(Mark::new) {
            for side in Side::BOTH {
                let count = table.count(side, mark);
                if count > 0 {
                    marks.push(Placed {
                        mark: mark.get(),
                        side: side.name(),
                        count,
                    });
                }
            }
        }
        Snapshot {
            position: table.to_string(),
            turn: table.turn().name(),
            opener: game.opener().name(),
            opening: OpeningView::of(game),
            thrown: !game.thrown().is_empty(),
            dice: dice_views(game.dice_states()),
            turn_over: game.turn_is_over(),
            steps: game.moves().map(StepView::of).collect(),
            sources: sources(game),
            albi: TrayView::of(table.tray(Side::Albi), hit_to_move(table, Side::Albi)),
            nigri: TrayView::of(table.tray(Side::Nigri), hit_to_move(table, Side::Nigri)),
            marks,
            turns: game.turns().len(),
            winner: game.winner().map(Side::name),
            seed: game.seed().to_string(),
            turn_seed: game.turn_seed().to_string(),
            rules: rules.name(),
            blocked: BlockedView::of(table),
        }
    }
}

/// Where one mark is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellView {
    pub mark: u8,
    pub row: u8,
    pub col: u8,
    pub label: String,
    pub letter: String,
    /// `albi` or `nigri` for a side's private cell (its own numbering), `null` when shared.
    pub owner: Option<&'static str>,
}

impl CellView {
    fn of(cell: &Cell) -> CellView {
        CellView {
            mark: cell.mark.get(),
            row: cell.row,
            col: cell.col,
            label: cell.label.clone(),
            letter: cell.letter.to_string(),
            owner: cell.owner.map(|side| side.name()),
        }
    }
}

/// The board as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GeometryView {
    pub name: &'static str,
    pub rows: u8,
    pub columns: u8,
    pub gap_before: u8,
    pub cells: Vec<CellView>,
    pub track: Vec<u8>,
    pub entry: Vec<u8>,
    pub home: Vec<u8>,
    pub exit_after: u8,
    pub inscription: Vec<&'static str>,
    pub counters: u8,
    pub dice: u8,
    pub faces: u8,
    /// Where a hit counter goes: `tray` or `middle` (its owner's half of the middle row).
    pub hit: &'static str,
    /// Per side (Albi, Nigri), indices into `cells` in the order that side's counters run:
    /// its mark n is `cells[paths[side][n - 1]]`.
    pub paths: [Vec<usize>; 2],
}

fn numbers(marks: &[Mark]) -> Vec<u8> {
    marks.iter().map(|m| m.get()).collect()
}

impl GeometryView {
    pub fn of(board: &Geometry) -> GeometryView {
        GeometryView {
            name: board.name,
            rows: board.rows,
            columns: board.columns,
            gap_before: board.gap_before,
            cells: board.cells.iter().map(CellView::of).collect(),
            track: numbers(&board.track),
            entry: numbers(&board.entry),
            home: numbers(&board.home),
            exit_after: board.exit_after.get(),
            inscription: board.inscription.to_vec(),
            counters: board.counters,
            dice: board.dice,
            faces: board.faces,
            hit: match board.hit {
                Hit::Tray => "tray",
                Hit::Middle => "middle",
            },
            paths: board.paths.clone(),
        }
    }
}

/// What a refusal names; only the arguments its code has are present.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RefusalArgs {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<PlaceView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
}

/// Why a tap does nothing: `{code, args}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefusalView {
    pub code: &'static str,
    pub args: RefusalArgs,
}

impl RefusalView {
    pub fn of(refusal: Refusal) -> RefusalView {
        let none = RefusalArgs::default();
        let args = match refusal {
            Refusal::GameOver
            | Refusal::TurnOver
            | Refusal::NoneWaiting
            | Refusal::EntryBlocked
            | Refusal::PickFirst
            | Refusal::EnterFromTray
            | Refusal::MustEnterFirst
            | Refusal::MustMoveHit => none,
            Refusal::NotThrown { side } | Refusal::OtherTray { side } => RefusalArgs {
                side: Some(side.name()),
                ..none
            },
            Refusal::BearOffNotYet { counters, from, to } => RefusalArgs {
                counters: Some(counters),
                from: Some(PlaceView::Mark(from.get())),
                to: Some(to.get()),
                ..none
            },
            Refusal::Blocked { mark, side }
            | Refusal::NotYours { mark, side }
            | Refusal::OtherCell { mark, side } => RefusalArgs {
                mark: Some(mark.get()),
                side: Some(side.name()),
                ..none
            },
            Refusal::NotADie { mark, from } => RefusalArgs {
                mark: Some(mark.get()),
                from: Some(PlaceView::from(from)),
                ..none
            },
            Refusal::BearOffExact { from } => RefusalArgs {
                from: Some(PlaceView::Mark(from.get())),
                ..none
            },
            Refusal::EnterAllFirst { counters } => RefusalArgs {
                counters: Some(counters),
                ..none
            },
            Refusal::Stuck { mark } | Refusal::Empty { mark } | Refusal::Full { mark } => {
                RefusalArgs {
                    mark: Some(mark.get()),
                    ..none
                }
            }
        };
        RefusalView {
            code: refusal.code(),
            args,
        }
    }
}
