//! The `arbor` command: the text protocol on stdin/stdout, or a one-shot tool
//! (`arbor bench`, `arbor perft GAME DEPTH [POSITION]`).

use std::process::ExitCode;

use arbor::cli;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    cli::run(&args)
}
