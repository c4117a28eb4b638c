//! Command-line flags of the developer programs: the value after `--flag`, parsed; a
//! missing or unparsable value ends the program with a message (these are offline tools,
//! run by hand).

/// The value after `flag` in `args`, or `None` when the flag is absent.
pub fn value<T: std::str::FromStr>(args: &[String], flag: &str) -> Option<T> {
    let i = args.iter().position(|a| a == flag)?;
    match args.get(i + 1).map(|v| v.parse::<T>()) {
        Some(Ok(v)) => Some(v),
        _ => {
            eprintln!("{flag} needs a value");
            std::process::exit(2);
        }
    }
}
