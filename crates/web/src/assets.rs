//! The page and its files, compiled into the binary so the player needs no network, no
//! install step and no files next to the executable.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/app.js");
const N_PUZZLE: &str = include_str!("../assets/n_puzzle.js");
const RUSH_HOUR: &str = include_str!("../assets/rush_hour.js");
const GENERATE: &str = include_str!("../assets/rush_hour_generate.js");
const SOKOBAN: &str = include_str!("../assets/sokoban.js");
const EXAMPLES: &str = include_str!("../assets/examples.json");
/// The examples again, as a script the page loads with its others: the page draws its first
/// board from it without waiting on a request (`examples.json` stays for other clients).
const EXAMPLES_SCRIPT: &str = concat!(
    "// gridlock player: the examples menu (examples.json), loaded before app.js.\n",
    "const GRIDLOCK_EXAMPLES = ",
    include_str!("../assets/examples.json"),
    ";\n"
);
const ICON: &str = include_str!("../assets/icon.svg");

/// Only this origin's own files may load or run: the page uses no inline script, no CDN.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse + Clone {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
        ],
        body,
    )
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page but the page itself: its path and content type.
const FILES: [(&str, &str, &str); 9] = [
    ("/style.css", "text/css; charset=utf-8", STYLE),
    ("/app.js", JS, SCRIPT),
    ("/n_puzzle.js", JS, N_PUZZLE),
    ("/rush_hour.js", JS, RUSH_HOUR),
    ("/rush_hour_generate.js", JS, GENERATE),
    ("/sokoban.js", JS, SOKOBAN),
    ("/examples.json", "application/json", EXAMPLES),
    ("/examples.js", JS, EXAMPLES_SCRIPT),
    ("/icon.svg", "image/svg+xml", ICON),
];

/// The routes of the page's files.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let page = file("text/html; charset=utf-8", INDEX);
    let router = Router::new()
        .route("/", get(page.clone()))
        .route("/index.html", get(page));
    FILES.iter().fold(router, |router, &(path, kind, body)| {
        router.route(path, get(file(kind, body)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_only_its_own_files() {
        for needle in [
            "style.css",
            "app.js",
            "n_puzzle.js",
            "rush_hour.js",
            "rush_hour_generate.js",
            "sokoban.js",
            "examples.js",
            "icon.svg",
        ] {
            assert!(INDEX.contains(needle), "{needle}");
        }
        for asset in [
            INDEX,
            STYLE,
            SCRIPT,
            N_PUZZLE,
            RUSH_HOUR,
            GENERATE,
            SOKOBAN,
            EXAMPLES_SCRIPT,
            ICON,
        ] {
            // The SVG namespace is a name, not a fetch.
            let asset = asset.replace("http://www.w3.org/2000/svg", "");
            assert!(!asset.contains("http://"), "no absolute http URL");
            assert!(!asset.contains("https://"), "no absolute https URL");
        }
        assert!(
            !INDEX.contains("<script>"),
            "no inline script (the policy forbids it)"
        );
    }

    #[test]
    fn examples_are_valid_json_for_every_puzzle() {
        let v: serde_json::Value = serde_json::from_str(EXAMPLES).unwrap();
        let script = EXAMPLES_SCRIPT
            .split_once("const GRIDLOCK_EXAMPLES = ")
            .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
            .expect("the script assigns the examples");
        let again: serde_json::Value = serde_json::from_str(script).unwrap();
        assert_eq!(again, v, "the script holds the same examples");
        for puzzle in crate::PUZZLES {
            let list = v[puzzle].as_array().unwrap();
            assert!(!list.is_empty(), "{puzzle}");
            for e in list {
                assert!(e["name"].is_string() && e["board"].is_string(), "{e}");
            }
        }
    }
}
