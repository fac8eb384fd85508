//! The readings of the rules for the home screen: the presets, every option with its values,
//! the canonical text of a choice of options, and the board a reading plays on. The core
//! holds them all (`ludi_core::scripta::Rules`); this only shapes them for JS.

use super::view::GeometryView;
use crate::convert::{err, js};
use ludi_core::scripta::{Geometry, Rules, OPTIONS, PRESETS};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A preset: its id and its canonical key=value text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresetView {
    pub id: &'static str,
    pub text: String,
}

/// An option: its key, its values, Austin and Murray's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionView {
    pub key: &'static str,
    pub values: Vec<&'static str>,
    pub default: &'static str,
}

/// `{presets: [{id, text}], options: [{key, values, default}]}`, the default preset first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesCatalogue {
    pub presets: Vec<PresetView>,
    pub options: Vec<OptionView>,
}

pub fn catalogue() -> RulesCatalogue {
    RulesCatalogue {
        presets: PRESETS
            .iter()
            .filter_map(|&id| {
                Rules::preset_rules(id).map(|rules| PresetView {
                    id,
                    text: rules.to_string(),
                })
            })
            .collect(),
        options: OPTIONS
            .iter()
            .map(|o| OptionView {
                key: o.key,
                values: o.values.to_vec(),
                default: o.default,
            })
            .collect(),
    }
}

/// The board of a reading given as a preset id or key=value text.
pub fn geometry_of(rules: &str) -> Result<GeometryView, String> {
    Rules::parse(rules)
        .map(|rules| GeometryView::of(&Geometry::of(&rules)))
        .map_err(|e| e.to_string())
}

/// The presets and options of XII Scripta: `{presets: [{id, text}], options: [{key, values,
/// default}]}`.
#[wasm_bindgen(js_name = scriptaRules)]
pub fn scripta_rules() -> Result<JsValue, JsError> {
    js(&catalogue())
}

/// The board a reading plays on (as `ScriptaGame.geometry()`), for a preset id or key=value
/// text.
#[wasm_bindgen(js_name = scriptaGeometry)]
pub fn scripta_geometry(rules: &str) -> Result<JsValue, JsError> {
    js(&geometry_of(rules).map_err(err)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_lists_every_preset_and_option() {
        let c = catalogue();
        let ids: Vec<&str> = c.presets.iter().map(|p| p.id).collect();
        assert_eq!(ids, PRESETS);
        assert!(c.presets[0]
            .text
            .starts_with("counters=15,dice=3,track=shared"));
        assert_eq!(c.options.len(), OPTIONS.len());
        assert_eq!(c.options[0].key, "counters");
        assert_eq!(c.options[0].default, "15");
    }

    #[test]
    fn the_geometry_says_whose_private_cell_each_is() {
        let split = geometry_of("russian").unwrap();
        assert_eq!(split.name, "split");
        let albi_one = &split.cells[split.paths[0][0]];
        assert_eq!(
            (albi_one.row, albi_one.col, albi_one.owner),
            (1, 0, Some("albi"))
        );
        let nigri_one = &split.cells[split.paths[1][0]];
        assert_eq!(nigri_one.owner, Some("nigri"));
        assert_eq!(split.exit_after, 30);
        let trier = geometry_of("austin-murray").unwrap();
        assert!(trier.cells.iter().all(|c| c.owner.is_none()));
        assert!(geometry_of("chess").is_err());
    }
}
