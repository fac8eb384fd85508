//! XII Scripta records under any reading: any text either reads or is refused with a line
//! number; a record that reads writes canonically, reads back equal, and replays (or is
//! refused) without a panic, ending, when it replays, in a table with its rules' counters a
//! side and the recorded result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::Record;
use ludi_fuzz::{scripta_counters, scripta_xsn_round_trip};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
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
    scripta_counters(&record.start_table());
    if let Ok(end) = record.replay() {
        scripta_counters(&end);
        scripta_xsn_round_trip(&end);
        assert!(end.dice().is_empty());
        assert_eq!(end.winner(), record.result);
    }
});
