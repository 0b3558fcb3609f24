//! Every relative link in the README and under `docs/` leads somewhere: the file exists, and a
//! `#anchor` names a heading of the target document (GitHub's rule: lower-case, punctuation
//! dropped, spaces to hyphens, repeats numbered `-1`, `-2`, ...). Links to other sites are
//! not fetched (CI has no network); code blocks and inline code are not links.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents whose links are checked: the README and every Markdown file under `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// The text outside fenced code blocks and inline code spans, line by line (line numbers kept).
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push((i + 1, kept));
    }
    out
}

/// GitHub's anchor for a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a document provides, with GitHub's numbering of repeated headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if fenced {
            continue;
        }
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(&heading.replace('`', ""));
        let n = seen.entry(base.clone()).or_insert(0);
        out.insert(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)` links on one line of prose.
fn targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        out.push(target.to_string());
        rest = &after[end..];
    }
    out
}

fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:")
}

/// The problems with one document's links, as `file:line: message`.
fn broken_links(doc: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(doc).unwrap();
    let name = doc
        .strip_prefix(root())
        .unwrap_or(doc)
        .display()
        .to_string();
    let mut problems = Vec::new();
    for (line_no, line) in prose(&text) {
        for target in targets(&line) {
            if target.is_empty() || is_external(&target) {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                doc.to_path_buf()
            } else {
                doc.parent().unwrap().join(file)
            };
            if !path.exists() {
                problems.push(format!("{name}:{line_no}: `{target}`: no file {file}"));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            let is_markdown = path.extension().is_some_and(|x| x == "md");
            let provided = anchors(&std::fs::read_to_string(&path).unwrap_or_default());
            if is_markdown && !provided.contains(anchor) {
                problems.push(format!(
                    "{name}:{line_no}: `{target}`: no heading with anchor #{anchor}"
                ));
            }
        }
    }
    problems
}

#[test]
fn every_link_and_anchor_in_the_docs_resolves() {
    let docs = documents();
    assert!(docs.len() >= 5, "README and docs/ found");
    let relative: usize = docs
        .iter()
        .map(|d| {
            let text = std::fs::read_to_string(d).unwrap();
            prose(&text)
                .iter()
                .flat_map(|(_, line)| targets(line))
                .filter(|t| !t.is_empty() && !is_external(t))
                .count()
        })
        .sum();
    assert!(
        relative >= 20,
        "only {relative} relative links found: is the parser blind?"
    );
    let problems: Vec<String> = docs.iter().flat_map(|d| broken_links(d)).collect();
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn slugs_follow_githubs_rule() {
    assert_eq!(slug("Performance"), "performance");
    assert_eq!(
        slug("Fifth round: the engine against pathfinding::bfs, part by part"),
        "fifth-round-the-engine-against-pathfindingbfs-part-by-part"
    );
    assert_eq!(slug("`--fast` and limits"), "--fast-and-limits");
    let text = "# A\n## Notes\n```\n# not a heading\n```\n### Notes\n";
    let a = anchors(text);
    assert_eq!(
        a,
        ["a", "notes", "notes-1"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
}

#[test]
fn the_checker_finds_a_broken_link_and_a_missing_anchor() {
    let dir = std::env::temp_dir().join(format!("gridlock-links-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("other.md"), "# Other\n## Real section\n").unwrap();
    let doc = dir.join("doc.md");
    std::fs::write(
        &doc,
        "# Doc\nsee [ok](other.md#real-section), [bad](missing.md), \
         [gone](other.md#nowhere), `[code](ignored.md)`, [web](https://example.com/x)\n",
    )
    .unwrap();
    let problems = broken_links(&doc);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].contains("missing.md"));
    assert!(problems[1].contains("#nowhere"));
}
