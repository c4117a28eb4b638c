//! The text protocol (in progress).
