//! The home screen's board pictures, made at build time: the xtask writes them to
//! `www/pkg/pictures.js`, so the home screen draws both boards without downloading an engine.
//! Each is what the game's engine hands its board for that position, trimmed to what a
//! picture draws (no legal moves, no dice), with the inscribed boards XII Scripta's marks may
//! carry, for the picture and the home screen's picker; each preset's options (who opens,
//! which preset rules of one's own are); and, for the level picker, which trained network
//! plays rules of one's own.

use crate::latrunculi::{self, SquareView};
use crate::scripta::{self, GeometryView, Placed};
use ludi_core::scripta::ai::{INPUT_OPTIONS, TRAINED};
use ludi_core::scripta::{Face, Rules, OPTIONS, PRESETS};
use serde::Serialize;
use std::collections::BTreeMap;

/// XII Scripta's middle game for Austin and Murray's picture; the other readings show their
/// start, which differs from one to the next (the track, the counters).
const SCRIPTA_MIDDLE: &str = "A w4s0o0:1,3x2,5,12,25x3,31x2,36 w2s1o2:2,7x2,14,19x5,33";
/// A middle game under Piso's rules.
const LATRUNCULI_MIDDLE: &str = "8/2B1B3/1BW2W2/3WB3/2W1BW2/1W3W2/4B3/8 w 0,0 2,1 6 -,-";

/// A XII Scripta board: the reading's geometry and the counters on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptaPicture {
    pub geometry: GeometryView,
    pub position: String,
    pub turn: &'static str,
    pub marks: Vec<Placed>,
}

/// A Latrunculi board and the counters on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LatrunculiPicture {
    pub position: String,
    pub width: usize,
    pub height: usize,
    pub corners_capture: bool,
    pub squares: Vec<SquareView>,
}

/// `{scripta: {<preset id>: picture}, faces: [{id, lines, found}], latrunculi: picture}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pictures {
    pub scripta: BTreeMap<&'static str, ScriptaPicture>,
    pub faces: &'static [Face],
    pub latrunculi: LatrunculiPicture,
}

/// Every picture the home screen draws before an engine is loaded.
pub fn pictures() -> Result<Pictures, String> {
    let scripta = PRESETS
        .iter()
        .map(|&id| {
            let session = if id == "austin-murray" {
                scripta::Session::from_position(SCRIPTA_MIDDLE, Some("1"))?
            } else {
                scripta::Session::new(Some("1"), None, Some(id))?
            };
            let snap = session.snapshot();
            let picture = ScriptaPicture {
                geometry: session.geometry(),
                position: snap.position,
                turn: snap.turn,
                marks: snap.marks,
            };
            Ok((id, picture))
        })
        .collect::<Result<_, String>>()?;
    let snap = latrunculi::Session::new("piso", Some(LATRUNCULI_MIDDLE), Some("1"))?.snapshot();
    let latrunculi = LatrunculiPicture {
        position: snap.position,
        width: snap.width,
        height: snap.height,
        corners_capture: snap.corners_capture,
        squares: snap.squares,
    };
    Ok(Pictures {
        scripta,
        faces: Face::all(),
        latrunculi,
    })
}

/// Each preset's value of every option, for what the page says of a preset without an engine
/// (who opens, which preset rules of one's own are).
pub type PresetOptions = BTreeMap<&'static str, BTreeMap<&'static str, &'static str>>;

/// `{scripta: {<preset id>: {<option>: value}}}`.
pub fn presets() -> BTreeMap<&'static str, PresetOptions> {
    let scripta = PRESETS
        .iter()
        .filter_map(|&id| {
            let rules = Rules::preset_rules(id)?;
            let values = OPTIONS
                .iter()
                .filter_map(|option| Some((option.key, rules.value(option.key)?)))
                .collect();
            Some((id, values))
        })
        .collect();
    BTreeMap::from([("scripta", scripta)])
}

/// What the level picker needs to say which network plays XII Scripta under rules of one's
/// own, without an engine: the options a network's inputs read, and the presets trained. A mix
/// agreeing with a trained preset on all of `options` plays its network
/// (`ludi_core::scripta::ai::network_reading`); a test checks that both ways agree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Networks {
    pub options: &'static [&'static str],
    pub trained: &'static [&'static str],
}

/// `{scripta: {options, trained: [<preset id>]}}`.
pub fn networks() -> BTreeMap<&'static str, Networks> {
    BTreeMap::from([(
        "scripta",
        Networks {
            options: &INPUT_OPTIONS,
            trained: &TRAINED,
        },
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludi_core::scripta::ai::network_reading;

    #[test]
    fn every_preset_has_its_own_board_and_counters() {
        let pictures = pictures().unwrap();
        assert_eq!(pictures.scripta.keys().copied().collect::<Vec<_>>(), {
            let mut ids = PRESETS.to_vec();
            ids.sort_unstable();
            ids
        });
        let am = &pictures.scripta["austin-murray"];
        assert!(am.position.starts_with("A w4s0o0:"), "{}", am.position);
        assert!(!am.marks.is_empty());
        let italian = &pictures.scripta["italian"];
        assert_ne!(
            italian.geometry, am.geometry,
            "the split track is another board"
        );
        assert_eq!(pictures.faces[0].id, "trier");
        let latrunculi = &pictures.latrunculi;
        assert_eq!(
            latrunculi.squares.len(),
            latrunculi.width * latrunculi.height
        );
        assert_eq!(
            latrunculi
                .squares
                .iter()
                .filter(|s| s.piece.is_some())
                .count(),
            LATRUNCULI_MIDDLE.matches(['W', 'B']).count()
        );
    }

    #[test]
    fn the_pickers_networks_name_the_preset_the_engine_plays_for_every_mix() {
        let networks = networks();
        let scripta = &networks["scripta"];
        let presets = &presets()["scripta"];
        assert_eq!(
            presets.len(),
            PRESETS.len(),
            "every preset says its options"
        );
        // Every mix the options make, as the page matches it: the trained preset agreeing on
        // every option listed borrowed from, and the preset agreeing on every option it is.
        let agreeing = |rules: &Rules, ids: &[&'static str], keys: &[&str]| {
            ids.iter().copied().find(|id| {
                keys.iter()
                    .all(|&k| rules.value(k) == presets[id].get(k).copied())
            })
        };
        let every: Vec<&str> = OPTIONS.iter().map(|o| o.key).collect();
        for bits in 0..=u16::MAX {
            let rules = Rules::from_switches(bits);
            let borrowed = agreeing(&rules, scripta.trained, scripta.options);
            assert_eq!(borrowed, network_reading(&rules), "{rules}");
            let same = agreeing(&rules, &PRESETS, &every);
            assert_eq!(same, rules.preset(), "{rules}");
        }
    }
}
