//! The bench signature: `arbor bench`'s total node count, kept in tests/data/bench_signature.
//!
//! Every functional change (anything that changes what the search visits) changes this
//! number, and must update the file in the same commit; a change that should not alter play
//! (a refactor, a speed-up) must leave it alone. The count is deterministic: fixed positions,
//! fixed depths, one thread, fresh tables of a fixed size.

#[test]
fn the_bench_node_count_is_the_recorded_signature() {
    let text = include_str!("data/bench_signature");
    let expected: u64 = text
        .trim()
        .parse()
        .expect("tests/data/bench_signature holds one number");
    let report = arbor::bench::run_all().expect("bench runs");
    assert_eq!(
        report.nodes, expected,
        "arbor bench visits {} nodes, the signature says {expected}: if the change is meant to \
         alter the search, write the new count into tests/data/bench_signature in the same commit",
        report.nodes
    );
}
