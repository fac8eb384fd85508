//! Random ids, codes and seat tokens, the hashes the database keeps of tokens, and player
//! names.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// Lowercase letters and digits without look-alikes (no 0, 1, l, o): 32 symbols, 5 bits each.
const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// Characters of a game id.
pub const ID_LEN: usize = 10;
/// Characters of an invite or watch code.
pub const CODE_LEN: usize = 16;
/// Bytes of a seat token (256 bits).
const TOKEN_BYTES: usize = 32;
/// The longest player name, in characters.
pub const NAME_MAX: usize = 24;

/// Bytes from the operating system's generator.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers: {e}"))?;
    Ok(bytes)
}

/// A secret seed for a game's dice.
pub fn seed() -> Result<u64, String> {
    random_bytes::<8>().map(u64::from_le_bytes)
}

/// `len` random symbols of [`ALPHABET`].
pub fn code(len: usize) -> Result<String, String> {
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers: {e}"))?;
    Ok(bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
        .collect())
}

/// A new seat token, base64url.
pub fn token() -> Result<String, String> {
    random_bytes::<TOKEN_BYTES>().map(|b| URL_SAFE_NO_PAD.encode(b))
}

/// What the database keeps of a token: its SHA-256 in hex.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `text` could be an id or code of `len` symbols (checked before any look-up).
pub fn is_code(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| ALPHABET.contains(&b))
}

/// A player's name, trimmed: 1 to 24 characters, not only spaces, no control characters.
pub fn name(text: &str) -> Result<String, String> {
    let name = text.trim();
    let count = name.chars().count();
    if count == 0 || count > NAME_MAX {
        return Err(format!("a name is 1 to {NAME_MAX} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name holds no control characters".into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_tokens_are_random_and_well_formed() {
        let (a, b) = (code(CODE_LEN).unwrap(), code(CODE_LEN).unwrap());
        assert!(is_code(&a, CODE_LEN) && is_code(&b, CODE_LEN));
        assert_ne!(a, b);
        let token = token().unwrap();
        assert_eq!(token.len(), 43);
        assert_eq!(token_hash(&token).len(), 64);
        assert_ne!(token_hash(&token), token_hash(&super::token().unwrap()));
        assert!(!is_code("ABCDEFGHIJ", ID_LEN));
        assert!(!is_code("abc", ID_LEN));
    }

    #[test]
    fn names_are_plain_text_of_one_to_24_characters() {
        assert_eq!(name("  Marcus ").unwrap(), "Marcus");
        assert_eq!(name("Ἀλέξανδρος").unwrap(), "Ἀλέξανδρος");
        assert!(name("<b>x</b>").is_ok(), "markup is text, shown as text");
        for bad in ["", "   ", "a\u{7}b", "line\nbreak", &"x".repeat(25)] {
            assert!(name(bad).is_err(), "{bad:?}");
        }
        assert!(name(&"é".repeat(24)).is_ok());
    }
}
