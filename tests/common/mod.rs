//! Drives the built `arbor` binary over pipes, with timeouts so a hung engine fails the
//! test instead of hanging it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Where the data-driven tests find the reference data (shared with the unit tests).
#[path = "../../src/testdata.rs"]
pub mod testdata;

/// How long any single expected line may take.
pub const LINE_TIMEOUT: Duration = Duration::from_secs(20);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Self {
        Self::start_with_args(&[])
    }

    pub fn start_with_args(args: &[&str]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_arbor"));
        command.args(args);
        Self::spawn(command)
    }

    /// The engine with its address space limited to `mib` MiB (`ulimit -v` of sh, so
    /// Unix only), as a memory-limited manager runs it: allocations beyond that fail.
    pub fn start_with_address_space(mib: u64) -> Self {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -v {} && exec \"$0\"", mib * 1024))
            .arg(env!("CARGO_BIN_EXE_arbor"));
        Self::spawn(command)
    }

    /// The process id, to read its `/proc` entries.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn spawn(mut command: Command) -> Self {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the arbor binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// The next output line; panics after the timeout.
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(LINE_TIMEOUT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no output line within {LINE_TIMEOUT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("engine closed its output"),
        }
    }

    /// The next line if one arrives within `timeout`.
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Lines up to and including the empty line that ends a response, skipping `info`
    /// lines (search progress may interleave with responses).
    pub fn response(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            if line.starts_with("info ") {
                continue;
            }
            let done = line.is_empty();
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends a command and returns its response (without the final empty line).
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        let mut response = self.response();
        response.pop();
        response
    }

    /// Reads lines until `bestmove`, returning (info lines, the move).
    pub fn until_bestmove(&mut self) -> (Vec<String>, String) {
        let mut infos = Vec::new();
        loop {
            let line = self.line();
            if let Some(mv) = line.strip_prefix("bestmove ") {
                return (infos, mv.to_string());
            }
            assert!(
                line.starts_with("info "),
                "unexpected line while searching: {line:?}"
            );
            infos.push(line);
        }
    }

    /// Reads lines until one starts with `prefix`, returning the lines before it and it.
    pub fn until(&mut self, prefix: &str) -> (Vec<String>, String) {
        let mut before = Vec::new();
        loop {
            let line = self.line();
            if line.starts_with(prefix) {
                return (before, line);
            }
            before.push(line);
        }
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit; panics if it does not within the timeout.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "engine did not exit within {timeout:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// All remaining output lines until the engine closes stdout.
    pub fn rest(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(LINE_TIMEOUT) {
            lines.push(line);
        }
        lines
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `actual` matches `expected`, where `*` in `expected` matches any run of characters.
pub fn glob_match(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split('*').collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first)
        || !actual[first.len()..].ends_with(last)
        || actual.len() < first.len() + last.len()
    {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Replays a transcript: `> line` is sent, `< line` must be the next output line (a glob,
/// see [`glob_match`]). Output `info` lines are skipped until one matches an expected
/// `info` line; any other line out of place fails.
pub fn replay(engine: &mut Engine, transcript: &str, name: &str) {
    for (number, raw) in transcript.lines().enumerate() {
        if let Some(input) = raw
            .strip_prefix("> ")
            .or_else(|| (raw == ">").then_some(""))
        {
            engine.send(input);
        } else if let Some(expected) = raw
            .strip_prefix("< ")
            .or_else(|| (raw == "<").then_some(""))
        {
            loop {
                let actual = engine.line();
                // Progress lines are skipped, except the one an expected `info` line names.
                let wanted_info = expected.starts_with("info ") && glob_match(expected, &actual);
                if actual.starts_with("info ") && !wanted_info {
                    continue;
                }
                assert!(
                    glob_match(expected, &actual),
                    "{name} line {}: expected {expected:?}, got {actual:?}",
                    number + 1
                );
                break;
            }
        }
    }
}
