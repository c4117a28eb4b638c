//! No two files of src/ import each other, directly or through others: the file-level graph
//! of `use` declarations (`crate::`, `super::`, `self::` and child-module paths, resolved
//! to the file that defines the module) has no cycle. Names that two files share belong in
//! a leaf module of their own.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Files by path relative to src/ (`game/gomoku.rs`), with their text.
type Sources = BTreeMap<String, String>;

/// Every `.rs` file under src/ but the binary's `main.rs` (a crate of its own).
fn read_sources(root: &Path) -> Sources {
    fn walk(root: &Path, dir: &Path, out: &mut Sources) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(root)
                    .expect("under src/")
                    .to_string_lossy()
                    .replace('\\', "/");
                if name != "main.rs" {
                    let text = fs::read_to_string(&path).expect("a readable source file");
                    out.insert(name, text);
                }
            }
        }
    }
    let mut out = Sources::new();
    walk(root, root, &mut out);
    out
}

/// The module path of a file: `game/gomoku.rs` and `game/gomoku/mod.rs` are
/// `["game", "gomoku"]`, `lib.rs` is the crate root `[]`.
fn module_of(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text with comments, string and character literals blanked out (kept as spaces, so
/// that a brace or a `use` inside them is not read as code).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && is_raw_start(&chars, i) {
            // r"..." or r#"..."#
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            while j < chars.len() {
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push(' ');
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{7f}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(' ');
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push(' ');
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `r` at `i` starts a raw string rather than ending an identifier.
fn is_raw_start(chars: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).map(|j| chars[j]);
    if before.is_some_and(|b| b.is_alphanumeric() || b == '_') {
        return false;
    }
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
}

/// The paths a use tree names: `a::{b, c::{d as e, *}}` gives `a::b`, `a::c::d`, `a::c::*`.
fn expand_use_tree(tree: &str) -> Vec<Vec<String>> {
    fn split_top(text: &str) -> Vec<&str> {
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&text[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&text[start..]);
        parts
    }
    fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            for part in split_top(inner) {
                expand(prefix, part, out);
            }
            return;
        }
        match tree.split_once("::") {
            Some((head, rest)) => {
                let mut path = prefix.to_vec();
                path.push(head.trim().to_string());
                expand(&path, rest, out);
            }
            None => {
                let name = tree.split_whitespace().next().unwrap_or("");
                let mut path = prefix.to_vec();
                path.push(name.to_string());
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    expand(&[], tree.trim().trim_start_matches("::"), &mut out);
    out
}

/// Each `use` declaration of a file's code: the module it appears in (the file's module
/// and any inline `mod NAME { ... }` around it) and the use tree.
fn use_declarations(file_module: &[String], code: &str) -> Vec<(Vec<String>, String)> {
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let word_at = |i: usize, word: &str| {
        code[i..].starts_with(word)
            && (i == 0 || !is_ident(bytes[i - 1]))
            && bytes.get(i + word.len()).is_none_or(|&b| !is_ident(b))
    };
    let mut found = Vec::new();
    // (brace depth at which the inline module's body opened, its name)
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    inline.push((depth, name));
                }
                i += 1;
            }
            b'}' => {
                if inline.last().is_some_and(|(d, _)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
                i += 1;
            }
            b';' => {
                pending_mod = None;
                i += 1;
            }
            _ if word_at(i, "mod") => {
                let rest = &code[i + 3..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                pending_mod = Some(name);
                i += 3;
            }
            _ if word_at(i, "use") => {
                let end = code[i..].find(';').map_or(code.len(), |e| i + e);
                let mut module = file_module.to_vec();
                module.extend(inline.iter().map(|(_, name)| name.clone()));
                found.push((module, code[i + 3..end].to_string()));
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// The file (key of `modules`) that defines the module a path names, if it is a path into
/// this crate: the longest prefix of the absolute path that is a file's module.
fn resolve(
    modules: &BTreeMap<Vec<String>, String>,
    current: &[String],
    path: &[String],
) -> Option<String> {
    let mut base: Vec<String>;
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base = Vec::new();
            rest = &path[1..];
        }
        Some("self") => {
            base = current.to_vec();
            rest = &path[1..];
        }
        Some("super") => {
            base = current.to_vec();
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some(first) => {
            // A path that starts at a child module of the current one (uniform paths).
            let mut child = current.to_vec();
            child.push(first.to_string());
            if !modules.keys().any(|m| m.starts_with(&child)) {
                return None; // another crate (std, crossbeam_channel, ...)
            }
            base = current.to_vec();
        }
        None => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    (0..=base.len())
        .rev()
        .find_map(|len| modules.get(&base[..len]))
        .cloned()
}

/// The file-level import graph: for each file, the other files it imports from.
fn import_graph(sources: &Sources) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<Vec<String>, String> = sources
        .keys()
        .map(|file| (module_of(file), file.clone()))
        .collect();
    let mut graph = BTreeMap::new();
    for (file, text) in sources {
        let mut targets = BTreeSet::new();
        for (module, tree) in use_declarations(&module_of(file), &code_only(text)) {
            for path in expand_use_tree(&tree) {
                if let Some(target) = resolve(&modules, &module, &path) {
                    if &target != file {
                        targets.insert(target);
                    }
                }
            }
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// Each cycle of the graph (a strongly connected component of two or more files), as one
/// closed path through it, e.g. `a.rs -> b.rs -> a.rs`.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // Tarjan's strongly connected components, recursive (the graph is a few hundred files).
    struct State<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        components: Vec<Vec<&'g str>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort_unstable();
                s.components.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state
        .components
        .iter()
        .map(|component| {
            // A closed path from the component's first file: breadth-first back to it.
            let members: BTreeSet<&str> = component.iter().copied().collect();
            let start = component[0];
            let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = std::collections::VecDeque::from([start]);
            let mut last = start;
            'search: while let Some(v) = queue.pop_front() {
                for w in &graph[v] {
                    let w = w.as_str();
                    if w == start {
                        last = v;
                        break 'search;
                    }
                    if members.contains(w) && !parent.contains_key(w) {
                        parent.insert(w, v);
                        queue.push_back(w);
                    }
                }
            }
            let mut path = vec![last];
            while let Some(&p) = parent.get(path[path.len() - 1]) {
                path.push(p);
            }
            path.reverse();
            let path = path.join(" -> ");
            format!(
                "{path} -> {start} (files in the cycle: {})",
                component.join(", ")
            )
        })
        .collect()
}

fn sources(files: &[(&str, &str)]) -> Sources {
    files
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

#[test]
fn src_has_no_import_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = import_graph(&read_sources(&root));
    assert!(graph.len() > 50, "src/ was read: {} files", graph.len());
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles between files of src/ (give the shared names a leaf module):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_cycle_through_siblings_and_groups_is_found() {
    let files = sources(&[
        ("lib.rs", "pub mod game;"),
        (
            "game.rs",
            "pub mod a; pub mod b; pub mod c; pub struct Player;",
        ),
        (
            "game/a.rs",
            "use super::b::{B, helper as h};\npub struct A;",
        ),
        (
            "game/b.rs",
            "use crate::game::{c::{self, C}, Player};\npub struct B;",
        ),
        ("game/c.rs", "pub(crate) use super::a::A;\npub struct C;"),
    ]);
    let graph = import_graph(&files);
    assert_eq!(
        graph["game/b.rs"],
        BTreeSet::from(["game.rs".to_string(), "game/c.rs".to_string()])
    );
    assert_eq!(
        cycles(&graph),
        ["game/a.rs -> game/b.rs -> game/c.rs -> game/a.rs \
          (files in the cycle: game/a.rs, game/b.rs, game/c.rs)"]
    );
}

#[test]
fn parent_and_child_importing_each_other_is_a_cycle() {
    let files = sources(&[
        ("lib.rs", "pub mod search;"),
        ("search.rs", "mod tt;\nuse tt::Table;\npub struct Limits;"),
        ("search/tt.rs", "use super::Limits;\npub struct Table;"),
    ]);
    assert_eq!(
        cycles(&import_graph(&files)),
        ["search.rs -> search/tt.rs -> search.rs (files in the cycle: search.rs, search/tt.rs)"]
    );
}

#[test]
fn comments_strings_inline_test_modules_and_other_crates_make_no_edge() {
    let files = sources(&[
        ("lib.rs", "pub mod a; pub mod b;"),
        (
            "a.rs",
            "// use crate::b::X;\n/* use crate::b::Y; */\nconst S: &str = \"use crate::b::Z;\";\n\
             const C: char = '{';\nuse std::fmt;\nuse crossbeam_channel::select;\n\
             pub struct A;",
        ),
        (
            "b.rs",
            "use crate::a::A;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use self::inner::X;\n}",
        ),
    ]);
    let graph = import_graph(&files);
    assert!(graph["a.rs"].is_empty(), "{graph:?}");
    assert_eq!(graph["b.rs"], BTreeSet::from(["a.rs".to_string()]));
    assert!(cycles(&graph).is_empty());
}
