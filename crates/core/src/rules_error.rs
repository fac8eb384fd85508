//! Why a rules text was refused: the same for both games, so a page names clashing options
//! the same way.

use std::fmt;

/// A `--rules` text that names no valid set of rules, of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    reason: String,
    clash: Option<[&'static str; 2]>,
}

impl RulesError {
    pub(crate) fn new(reason: String) -> RulesError {
        RulesError {
            reason,
            clash: None,
        }
    }

    /// Two options, each valid, that cannot be played together.
    pub(crate) fn clash(keys: [&'static str; 2], reason: String) -> RulesError {
        RulesError {
            reason,
            clash: Some(keys),
        }
    }

    /// Why, without the `rules:` that [`fmt::Display`] puts first.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The keys of the two options that cannot go together, when that is why the text was
    /// refused: a page that built the text from its own controls can name the two controls.
    pub fn clashing(&self) -> Option<[&'static str; 2]> {
        self.clash
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules: {}", self.reason)
    }
}

impl std::error::Error for RulesError {}
