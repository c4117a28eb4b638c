//! What the benchmarks share: their command line.

/// The program's arguments without the `--bench` that `cargo bench` appends to them.
pub fn args() -> Vec<String> {
    std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect()
}
