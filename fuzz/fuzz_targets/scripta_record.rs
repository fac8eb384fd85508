//! XII Scripta records: any text either reads or is refused with a line number; a record
//! that reads writes canonically, reads back equal, and replays (or is refused) without a
//! panic, ending, when it replays, in a position with fifteen counters a side. The same holds
//! for the same text read as a record under any reading (`TableRecord`), whose counters are
//! its rules' number.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::{Record, Side, TableRecord};
use ludi_fuzz::{scripta_counters, scripta_xsn_round_trip};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    any_reading(&text);
    let record: Record = match text.parse() {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line <= text.lines().count(), "{e}");
            return;
        }
    };
    let canonical = record.to_string();
    let back: Record = canonical
        .parse()
        .unwrap_or_else(|e| panic!("canonical record does not read back: {e}\n{canonical}"));
    assert_eq!(back, record, "\n{canonical}");
    assert_eq!(back.to_string(), canonical);
    scripta_counters(&record.start_position());
    if let Ok(end) = record.replay() {
        scripta_counters(&end);
        scripta_xsn_round_trip(&end);
        assert!(end.dice().is_empty());
        assert_eq!(end.winner(), record.result);
    }
});

fn any_reading(text: &str) {
    let record: TableRecord = match text.parse() {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line <= text.lines().count(), "{e}");
            return;
        }
    };
    let canonical = record.to_string();
    let back: TableRecord = canonical
        .parse()
        .unwrap_or_else(|e| panic!("canonical record does not read back: {e}\n{canonical}"));
    assert_eq!(back, record, "\n{canonical}");
    if let Ok(end) = record.replay() {
        for side in Side::BOTH {
            assert_eq!(end.counters(side), record.rules.counters, "{end}");
        }
        assert_eq!(end.winner(), record.result);
    }
}
