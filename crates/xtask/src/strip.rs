//! The site's stylesheets and scripts as they ship: without their comments and the blank lines
//! those leave. The comments explain the source; shipped, they were a quarter to a third of
//! what a visitor downloads of each file. Nothing else changes: no renaming, no joining of
//! lines (so automatic semicolons fall where they did), strings, template literals and regular
//! expressions kept byte for byte. `tests/dist.test.mjs` checks that every shipped script still
//! parses as its source does.

/// What makes a file's shipped text from its source, or why it cannot.
pub type Strip = fn(&str) -> Result<String, String>;

/// How a file of the site is stripped, by its name; None: it ships as it is.
pub fn for_file(name: &str) -> Option<Strip> {
    match name.rsplit_once('.')?.1 {
        "css" => Some(|text| Ok(css(text))),
        "js" | "mjs" => Some(js),
        _ => None,
    }
}

/// A stylesheet without its comments. Quoted strings are kept whole, `/*` and all.
pub fn css(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['/', '"', '\'']) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        if let Some(comment) = from.strip_prefix("/*") {
            // An unclosed comment runs to the end, as browsers read it.
            rest = comment.find("*/").map_or("", |end| &comment[end + 2..]);
        } else if let Some(after) = from.strip_prefix('/') {
            out.push('/');
            rest = after;
        } else {
            let quote = from.as_bytes()[0];
            let end = quoted_end(from.as_bytes(), 1, quote).unwrap_or(from.len());
            out.push_str(&from[..end]);
            rest = &from[end..];
        }
    }
    out.push_str(rest);
    let lines: Vec<&str> = out.lines().filter(|line| !line.trim().is_empty()).collect();
    lines.join("\n") + "\n"
}

/// Just past the `quote` that closes a string whose text starts at `from`, skipping escaped
/// characters; None when it never closes.
fn quoted_end(bytes: &[u8], from: usize, quote: u8) -> Option<usize> {
    let mut at = from;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            c if c == quote => return Some(at + 1),
            _ => at += 1,
        }
    }
    None
}

/// What came before a `/` in code, which says whether it divides or opens a regular expression.
#[derive(Clone, Copy, PartialEq)]
enum Before {
    /// A value ends here (a name, a number, a literal, `)` or `]`): `/` divides.
    Value,
    /// An operator, an opening bracket, a block's end, a statement's start or a keyword such
    /// as `return`: `/` opens a regular expression.
    Operator,
}

/// Keywords after which an expression starts, so that a `/` opens a regular expression.
const BEFORE_EXPRESSION: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

/// Where the reader is: in code (counting the `{` open inside a template's `${`) or in a
/// template literal's text.
enum Frame {
    Code { braces: usize },
    Template,
}

/// A script being stripped, line by line.
struct Script<'a> {
    text: &'a str,
    out: Vec<u8>,
    /// Where the line being written starts in `out`.
    line_start: usize,
    /// Whether that line starts in code (not in a template's text): only then may it be dropped
    /// when it comes out blank.
    line_in_code: bool,
}

impl Script<'_> {
    /// Ends a line in code: its trailing spaces go, and so does the line if nothing is left.
    fn end_line(&mut self) {
        while self.out.len() > self.line_start
            && matches!(self.out.last(), Some(b' ' | b'\t' | b'\r'))
        {
            self.out.pop();
        }
        if !(self.line_in_code && self.out.len() == self.line_start) {
            self.out.push(b'\n');
        }
        self.line_start = self.out.len();
        self.line_in_code = true;
    }

    fn copy(&mut self, from: usize, to: usize) {
        self.out.extend_from_slice(&self.text.as_bytes()[from..to]);
    }

    fn line_of(&self, at: usize) -> usize {
        self.text[..at].matches('\n').count() + 1
    }
}

/// Whether `c` may be part of a name, a keyword or a number.
fn in_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

/// A script without its comments; an error names the line where its strings, template
/// literals or regular expressions could not be followed (the build then stops).
pub fn js(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut s = Script {
        text,
        out: Vec::with_capacity(bytes.len()),
        line_start: 0,
        line_in_code: true,
    };
    let mut frames = vec![Frame::Code { braces: 0 }];
    let mut before = Before::Operator;
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        let next = bytes.get(at + 1).copied();
        let nested = frames.len() > 1;
        let Some(Frame::Code { braces }) = frames.last_mut() else {
            // A template's text, kept whole up to its end or its next `${`.
            let step = match (c, next) {
                (b'\\', _) => 2,
                (b'$', Some(b'{')) => {
                    frames.push(Frame::Code { braces: 0 });
                    before = Before::Operator;
                    2
                }
                (b'`', _) => {
                    frames.pop();
                    before = Before::Value;
                    1
                }
                _ => 1,
            };
            let end = (at + step).min(bytes.len());
            s.copy(at, end);
            if c == b'\n' {
                s.line_start = s.out.len();
                s.line_in_code = false;
            }
            at = end;
            continue;
        };
        match (c, next) {
            (b'\n', _) => {
                s.end_line();
                at += 1;
            }
            (b'/', Some(b'/')) => at = text[at..].find('\n').map_or(bytes.len(), |n| at + n),
            (b'/', Some(b'*')) => {
                let Some(n) = text[at + 2..].find("*/") else {
                    return Err(format!("line {}: a comment never closes", s.line_of(at)));
                };
                let end = at + 2 + n + 2;
                // A comment across lines ends a line as far as automatic semicolons go.
                if text[at..end].contains('\n') {
                    s.end_line();
                } else {
                    s.out.push(b' ');
                }
                at = end;
            }
            (b'/', _) if before == Before::Operator => {
                let Some(end) = regex_end(bytes, at + 1) else {
                    return Err(format!(
                        "line {}: a regular expression never closes on its line",
                        s.line_of(at)
                    ));
                };
                s.copy(at, end);
                at = end;
                before = Before::Value;
            }
            (b'\'' | b'"', _) => {
                let end = quoted_end(bytes, at + 1, c)
                    .filter(|&end| !text[at..end].contains('\n'))
                    .ok_or_else(|| format!("line {}: a string never closes", s.line_of(at)))?;
                s.copy(at, end);
                at = end;
                before = Before::Value;
            }
            (b'`', _) => {
                frames.push(Frame::Template);
                s.copy(at, at + 1);
                at += 1;
            }
            (b'{', _) => {
                *braces += 1;
                s.copy(at, at + 1);
                at += 1;
                before = Before::Operator;
            }
            (b'}', _) => {
                if *braces > 0 {
                    *braces -= 1;
                } else if nested {
                    // The `}` of a `${`: back into the template's text.
                    frames.pop();
                }
                s.copy(at, at + 1);
                at += 1;
                before = Before::Operator;
            }
            _ if in_word(c) => {
                let end = bytes[at..]
                    .iter()
                    .position(|&b| !in_word(b))
                    .map_or(bytes.len(), |n| at + n);
                before = if BEFORE_EXPRESSION.contains(&&text[at..end]) {
                    Before::Operator
                } else {
                    Before::Value
                };
                s.copy(at, end);
                at = end;
            }
            _ => {
                if !matches!(c, b' ' | b'\t' | b'\r') {
                    before = if matches!(c, b')' | b']') {
                        Before::Value
                    } else {
                        Before::Operator
                    };
                }
                s.copy(at, at + 1);
                at += 1;
            }
        }
    }
    if frames.len() > 1 {
        return Err("a template literal never closes".into());
    }
    if s.out.len() > s.line_start {
        s.end_line();
    }
    String::from_utf8(s.out).map_err(|e| format!("not UTF-8 once stripped: {e}"))
}

/// Just past the `/` (and its flags) that closes a regular expression whose body starts at
/// `from`: a `/` inside a class (`[...]`) or escaped does not close it. None when the line ends
/// first.
fn regex_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    let mut in_class = false;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => return None,
            b'\\' => at += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'/' if !in_class => {
                let flags = bytes[at + 1..].iter().take_while(|&&b| in_word(b)).count();
                return Some(at + 1 + flags);
            }
            _ => {}
        }
        at += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stylesheets_lose_their_comments_but_keep_their_strings() {
        let text = "/* The board. */\na { color: red; } /* why */\n\n/* two\nlines */\n\
                    b::before { content: \"/* kept */\"; }\nc { background: url('x/*y.png'); }\n\
                    d::after { content: \"\\\"/*\"; } /* gone";
        assert_eq!(
            css(text),
            "a { color: red; } \nb::before { content: \"/* kept */\"; }\n\
             c { background: url('x/*y.png'); }\nd::after { content: \"\\\"/*\"; } \n"
        );
    }

    #[test]
    fn scripts_lose_their_comments_and_the_lines_they_leave() {
        let text = "// Why this module.\n\n/**\n * A doc.\n */\nexport function f(a, b) {\n  \
                    return a / b; // divides\n}\nconst x = 1 /* one */ + 2;\n  \n";
        assert_eq!(
            js(text).unwrap(),
            "export function f(a, b) {\n  return a / b;\n}\nconst x = 1   + 2;\n"
        );
    }

    #[test]
    fn strings_templates_and_regular_expressions_are_kept_byte_for_byte() {
        let text = "const u = 'http://a/*b*/';\nconst v = \"it's // \\\" not\";\n\
                    const r = /\\/\\/[/*]'\"/g.test(s); // gone\n\
                    const t = `line // kept\n\n  /* kept */ ${a({ b: `in ${c /* gone */}` })} //`;\n\
                    if (ok) return /a\\/b/.source;\nconst d = (a) / 2 / b;\n";
        assert_eq!(
            js(text).unwrap(),
            "const u = 'http://a/*b*/';\nconst v = \"it's // \\\" not\";\n\
             const r = /\\/\\/[/*]'\"/g.test(s);\n\
             const t = `line // kept\n\n  /* kept */ ${a({ b: `in ${c  }` })} //`;\n\
             if (ok) return /a\\/b/.source;\nconst d = (a) / 2 / b;\n"
        );
    }

    #[test]
    fn a_comment_across_lines_still_ends_a_line() {
        // Without the line's end, `a` and `b` would join into one statement.
        assert_eq!(
            js("let x = a /* one\ntwo */ b\n").unwrap(),
            "let x = a\n b\n"
        );
    }

    #[test]
    fn what_cannot_be_followed_stops_the_build_with_its_line() {
        for (text, line) in [
            ("ok;\nconst s = 'open\n';", 2),
            ("ok;\nok;\nx = /open\n/;", 3),
            ("/* never closed", 1),
        ] {
            let err = js(text).unwrap_err();
            assert!(err.starts_with(&format!("line {line}:")), "{text:?}: {err}");
        }
        assert!(js("x = `open ${ a }").is_err());
    }
}
