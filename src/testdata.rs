//! Where the data-driven tests find the reference data that lives outside the repository:
//! the folder named by `ARBOR_BENCHDATA`, else `../shared/benchdata` beside the checkout.
//!
//! Every test that reads it is `#[ignore]`d with a reason that says so, so a checkout
//! without the data shows those tests as ignored, never as passed; run them with
//! `cargo test -- --ignored`. A test run that way without the data fails and names the
//! path it looked for. (The integration tests include this file too, see tests/common.)

use std::path::PathBuf;

/// The environment variable that overrides the data folder.
pub const ENV: &str = "ARBOR_BENCHDATA";

/// The path of `relative` (e.g. `connect4/Test_L3_R1`) in the data folder.
pub fn path(relative: &str) -> PathBuf {
    std::env::var_os(ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/benchdata"))
        .join(relative)
}

/// The text of `relative` in the data folder; panics with the path and the way to provide
/// it when the file cannot be read.
pub fn read(relative: &str) -> String {
    let path = path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "{}: {error} (the reference data lives outside the repository: provide \
             ../shared/benchdata or set {ENV}=DIR)",
            path.display()
        )
    })
}
