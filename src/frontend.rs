//! Front ends that let tools people already use drive arbor: UCI (cutechess-cli) and
//! NBoard (Othello GUIs). Each translates its protocol to arbor's own and drives the same
//! protocol session through a [`pipe::SessionPipe`].

pub mod drops;
pub mod gomocup;
pub mod nboard;
pub mod pipe;
pub mod uci;

use std::io::BufRead;

use crossbeam_channel::Receiver;

/// Reads lines (lossily decoded, without line ends) on a thread of its own; the channel
/// disconnects at end of input.
pub fn spawn_line_reader(input: impl BufRead + Send + 'static) -> Receiver<String> {
    let (tx, rx) = crossbeam_channel::unbounded();
    let spawned = std::thread::Builder::new()
        .name("frontend-input".into())
        .spawn(move || {
            for line in input.split(b'\n') {
                let Ok(bytes) = line else { return };
                let text = String::from_utf8_lossy(&bytes)
                    .trim_end_matches('\r')
                    .to_string();
                if tx.send(text).is_err() {
                    return;
                }
            }
        });
    if let Err(error) = spawned {
        log::error!("cannot start the input thread: {error}");
    }
    rx
}
