//! End to end in a real headless browser: the page served by the in-process server, driven
//! through chromedriver's WebDriver protocol (spoken directly over HTTP, no client crate).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/browser-deps` installs them). When
//! either is missing at build time, the build script (`crates/web/build.rs`) marks these tests
//! ignored with the reason, so `cargo test` reports them `ignored` (never a silent `ok`) and
//! still passes anywhere. `GRIDLOCK_CHROMEDRIVER` / `GRIDLOCK_CHROMIUM` override the paths;
//! `GRIDLOCK_REQUIRE_BROWSER=1` never ignores them (a missing browser fails: for CI, which
//! installed them); `GRIDLOCK_SCREENSHOTS=DIR` also saves the screenshots shown in the
//! README and docs/web.md.
//!
//! No wait here has a deadline: every wait polls the page until it has finished the request
//! in flight (the Solve button enabled again, no "Solving..." status) and then checks its
//! condition once, so a slow machine only makes the test slower, never fails it.

mod support;

use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use support::request;

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn path_from(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// A chromedriver process and one browser session; both end when this is dropped.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = request(
            self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
            b"",
        );
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Value {
    let bytes = body.map(Value::to_string).unwrap_or_default();
    let ct = body.map(|_| "application/json; charset=utf-8");
    let r = request(addr, method, path, ct, bytes.as_bytes());
    let v = r.json();
    assert!(
        r.status < 300,
        "WebDriver {method} {path} failed ({}): {v}",
        r.status
    );
    v["value"].clone()
}

impl Browser {
    fn launch(driver: &PathBuf, chromium: &PathBuf) -> Browser {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        // until it listens, or has died: no deadline, a slow start is only slow
        let mut child = child;
        while std::net::TcpStream::connect(addr).is_err() {
            if let Ok(Some(status)) = child.try_wait() {
                panic!("chromedriver exited before listening: {status}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().expect("profile dir");
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,900",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
        }}});
        let mut browser = Browser {
            driver: child,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let v = call(addr, "POST", "/session", Some(&caps));
        browser.session = v["sessionId"].as_str().expect("session id").to_string();
        browser
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        call(
            self.addr,
            method,
            &format!("/session/{}{path}", self.session),
            body.as_ref(),
        )
    }

    fn go(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT].as_str().expect("element id").to_string()
    }

    fn find_xpath(&self, xpath: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({ "using": "xpath", "value": xpath })),
        );
        v[ELEMENT].as_str().expect("element id").to_string()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.cmd("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.cmd("GET", &format!("/element/{id}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Presses one key (a WebDriver key code such as `\u{E014}`, the right arrow) on
    /// whatever has the focus.
    fn key(&self, key: &str) {
        self.cmd(
            "POST",
            "/actions",
            Some(
                json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                    { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }
                ]}]}),
            ),
        );
    }

    /// Whether the page has nothing in flight: no request (`aria-busy` on the player) and no
    /// playback running (`data-playing`). Once idle, the page changes only when told to.
    fn idle(&self) -> bool {
        self.js("const p = document.getElementById('player'); \
             return !p.hasAttribute('aria-busy') && !p.hasAttribute('data-playing')")
            == true
    }

    /// Waits until `check` answers `Some`. No deadline: while the page is busy it is polled;
    /// once it is idle (read before the check) the check's answer is final, so a failure is
    /// a wrong page, never a slow machine.
    fn wait<T>(&self, what: &str, mut check: impl FnMut() -> Option<T>) -> T {
        loop {
            let idle = self.idle();
            if let Some(v) = check() {
                return v;
            }
            if idle {
                let status = self.text("#status");
                panic!("the page is idle without {what}; status line: {status:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_text(&self, css: &str, want: &str) {
        self.wait(&format!("{css} to read {want:?}"), || {
            (self.text(css) == want).then_some(())
        });
    }

    fn screenshot(&self, dir: &Option<PathBuf>, name: &str) {
        let Some(dir) = dir else { return };
        let v = self.cmd("GET", "/screenshot", None);
        let png = base64_decode(v.as_str().expect("base64 PNG"));
        std::fs::create_dir_all(dir).expect("screenshot dir");
        std::fs::write(dir.join(name), png).expect("write screenshot");
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let digits: Vec<u32> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, d) in chunk.iter().enumerate() {
            n |= d << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}

#[test]
fn base64_decoder_round_trips_known_values() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGVsbG8h"), b"hello!");
    assert_eq!(base64_decode("aA=="), b"h");
}

/// One browser at a time: the tests of this file would otherwise start two Chromiums at
/// once on a 2-core machine.
fn one_browser() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[test]
#[cfg_attr(
    browser_missing,
    ignore = "chromium or chromedriver was missing at build time: run .ci/browser-deps (docs/web.md)"
)]
fn the_page_solves_and_plays_back_in_a_real_browser() {
    let _one = one_browser();
    let (driver, chromium) = browser_paths();
    let shots = std::env::var_os("GRIDLOCK_SCREENSHOTS").map(PathBuf::from);
    let server = support::start(support::untimed());
    let base = format!("http://{}/", server.addr);
    let browser = Browser::launch(&driver, &chromium);
    if shots.is_some() {
        browser.cmd(
            "POST",
            "/window/rect",
            Some(json!({ "width": 1280, "height": 1000 })),
        );
    }

    // Right after load, before anything is clicked or waited for, the page shows its first
    // board: it draws without waiting on a request (the examples come with the page).
    browser.go(&base);
    assert_eq!(
        browser.js("return document.querySelectorAll('#board .cell-hit').length"),
        36
    );
    assert!(browser.value("board-text").starts_with("0 2 0 6 6 0"));
    assert!(
        browser
            .js("return document.querySelectorAll('#examples option').length")
            .as_u64()
            > Some(1)
    );
    browser.screenshot(&shots, "first-load.png");
    // The exit is labelled at the gap: right of the board, inside the exit row (row 3).
    let exit = browser.js("const t = document.querySelector('#board .exit-label'); \
         const g = document.querySelector('#board .exit'); \
         return [t.textContent, Number(t.getAttribute('x')), Number(t.getAttribute('y')), \
                 Number(g.getAttribute('x')), Number(g.getAttribute('y')), \
                 Number(g.getAttribute('height'))]");
    assert_eq!(exit[0], "EXIT \u{2192}");
    let n = |i: usize| exit[i].as_f64().unwrap();
    assert!(
        n(1) > n(3) && n(1) < n(3) + 30.0,
        "EXIT next to the gap: {exit}"
    );
    assert!(
        n(2) > n(4) && n(2) < n(4) + n(5),
        "EXIT within the exit row: {exit}"
    );

    // Rush Hour: contest sample 2 from the examples, solved and stepped to the end.
    browser.click("#tab-rush-hour");
    let option =
        browser.find_xpath("//select[@id='examples']/option[contains(., 'Contest sample 2')]");
    browser.cmd("POST", &format!("/element/{option}/click"), Some(json!({})));
    browser.wait("the sample in the text box", || {
        let v = browser.js("return document.getElementById('board-text').value");
        v.as_str()
            .is_some_and(|t| t.starts_with("0 2 0 6 6 0"))
            .then_some(())
    });
    browser.click("#solve");
    browser.wait_text("#step-counter", "Step 0 / 6");
    assert_eq!(
        browser.js("return document.getElementById('board').getAttribute('data-red-out')"),
        "false"
    );
    for _ in 0..6 {
        browser.click("#forward");
    }
    browser.wait_text("#step-counter", "Step 6 / 6");
    assert_eq!(
        browser.js("return document.getElementById('board').getAttribute('data-red-out')"),
        "true",
        "the red car is out at the last step"
    );
    assert!(browser.text("#phase").contains("The red car is out"));
    browser.screenshot(&shots, "rush-hour-out.png");
    assert!(browser.js("return document.getElementById('forward').disabled") == true);
    // The arrow keys step too.
    browser.key("\u{E012}");
    browser.wait_text("#step-counter", "Step 5 / 6");
    browser.key("\u{E011}");
    browser.wait_text("#step-counter", "Step 0 / 6");
    browser.key("\u{E014}");
    browser.wait_text("#step-counter", "Step 1 / 6");
    let current = browser.js(
        "const li = document.querySelector('#moves li.current'); return li ? li.dataset.move : null",
    );
    assert_eq!(current, "0", "the first move is highlighted");

    // A shared chips link opens the board and solves it.
    browser.go("about:blank");
    browser.go(&format!("{base}#chips/BRRBBRBR"));
    let moves: Vec<String> = browser.wait("the chips move list", || {
        let v = browser
            .js("return [...document.querySelectorAll('#moves li')].map(li => li.textContent)");
        let list: Vec<String> = v
            .as_array()?
            .iter()
            .filter_map(|s| s.as_str().map(str::to_string))
            .collect();
        (!list.is_empty()).then_some(list)
    });
    let labels: Vec<&str> = moves
        .iter()
        .map(|m| m.split(':').next().unwrap_or_default())
        .collect();
    assert_eq!(labels, ["1", "2", "3", "8"], "{moves:?}");
    assert_eq!(browser.text("#board-text").trim(), "");
    assert_eq!(
        browser.js("return document.getElementById('board-text').value"),
        "BRRBBRBR"
    );
    assert_eq!(
        browser.js("return document.querySelector('nav [aria-selected=true]').id"),
        "tab-chips"
    );
    browser.wait_text("#step-counter", "Move 0 / 4");
    browser.key("\u{E014}");
    browser.key("\u{E014}");
    browser.wait_text("#step-counter", "Move 2 / 4");
    assert_eq!(
        browser.js("return document.querySelector('#moves li.current').dataset.move"),
        "1"
    );
    browser.screenshot(&shots, "chips.png");
    // The click editor: flipping cell 0 changes the text and the link.
    browser.click("#edit");
    browser.js("document.querySelector('#board .cell-hit').dispatchEvent(new MouseEvent('click'))");
    assert_eq!(
        browser.js("return document.getElementById('board-text').value"),
        "RRRBBRBR"
    );
    assert_eq!(
        browser.js("return location.hash"),
        "#chips/RRRBBRBR",
        "the fragment follows the edit"
    );
    // A malformed board: the parser's own message, and the caret on the offending character.
    browser.js(
        "const t = document.getElementById('board-text'); t.value = 'BRRB'; \
         t.dispatchEvent(new Event('input'))",
    );
    browser.click("#solve");
    let want = gridlock_puzzles::chips::parse_board("BRRB")
        .unwrap_err()
        .to_string();
    browser.wait_text("#status", &want);
    assert_eq!(
        browser.js("return document.getElementById('status').className"),
        "status error"
    );
    assert_eq!(
        browser.js("return document.getElementById('board-text').selectionStart"),
        4,
        "line 1, column 5 is selected"
    );

    // A link the page cannot read: its text goes to the box, and the solver's parser says
    // which character is wrong and what was expected, with the caret on it.
    browser.go("about:blank");
    browser.go(&format!("{base}#chips/BRRGBRBR"));
    let want = gridlock_puzzles::chips::parse_board("BRRGBRBR")
        .unwrap_err()
        .to_string();
    browser.wait_text(
        "#status",
        &format!("The link does not hold a board this page can read: {want}"),
    );
    assert!(want.contains("found 'G'"), "{want}");
    assert_eq!(browser.value("board-text"), "BRRGBRBR\n");
    assert_eq!(
        browser.js("return document.getElementById('board-text').selectionStart"),
        3,
        "the caret is on the G"
    );
    browser.go("about:blank");
    browser.go(&format!(
        "{base}#rush-hour/GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF!"
    ));
    browser.wait("the link's error", || {
        let status = browser.text("#status");
        status
            .starts_with("The link does not hold a board this page can read: line 1, column 36:")
            .then_some(())
    });
    assert!(browser.text("#status").contains("found '!'"));
    browser.screenshot(&shots, "link-error.png");

    // Puzznic: a shared link to NES level 1-1 (rows joined by '/', '#' as written); playing
    // shows the phases of each cycle, with the groups about to vanish marked.
    let level = std::fs::read_to_string(format!(
        "{}/../../tests/fixtures/puzznic/nes/01-01.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture level 01-01");
    let rows: Vec<&str> = level.lines().filter(|l| !l.is_empty()).collect();
    browser.go("about:blank");
    browser.go(&format!("{base}#puzznic/{}", rows.join("/")));
    browser.wait_text("#step-counter", "Cycle 0 / 9");
    assert_eq!(
        browser.js("return document.getElementById('board-text').value.trim()"),
        rows.join("\n")
    );
    // every frame drawn is seen by an observer (polling could miss a short phase on a busy
    // machine), and the wait ends when one had a vanishing group or the playback ended
    browser.js("window.sawVanishing = false; new MutationObserver(() => { \
           if (document.querySelectorAll('#board .tile.vanishing').length >= 2) \
             window.sawVanishing = true; \
         }).observe(document.getElementById('board'), { childList: true, subtree: true })");
    browser.click("#play");
    browser.wait("a cycle's vanishing phase", || {
        (browser.js("return window.sawVanishing") == true).then_some(())
    });
    if browser.js("return document.getElementById('player').hasAttribute('data-playing')") == true {
        browser.click("#play"); // pause wherever the playback is
    }
    assert!(
        browser.text("#phase").starts_with("Cycle "),
        "{}",
        browser.text("#phase")
    );
    browser.screenshot(&shots, "puzznic.png");
    browser.js("document.getElementById('last').click()");
    browser.wait_text("#step-counter", "Cycle 9 / 9");
    assert_eq!(
        browser.js("return document.querySelectorAll('#board .tile').length"),
        0,
        "the board ends empty"
    );

    if shots.is_some() {
        // Mid-solution pictures for the README: the 51-move Rush Hour, a Puzznic level.
        browser.go("about:blank");
        browser.go(&format!(
            "{base}#rush-hour/GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
        ));
        browser.wait_text("#step-counter", "Step 0 / 83");
        for _ in 0..40 {
            browser.key("\u{E014}");
        }
        browser.wait_text("#step-counter", "Step 40 / 83");
        browser.screenshot(&shots, "rush-hour.png");
    }
    drop(browser);
    drop(server);
}

/// The browser's paths; a test that runs needs both (when they were missing at build time
/// the tests are ignored instead, see the module comment).
/// The library's optimal answer in steps for a Rush Hour board solvable towards `exit_row`
/// (0-based; `None` for the default exit): what the page must count to.
fn library_steps(board: &str, exit_row: Option<usize>) -> u32 {
    gridlock_puzzles::rush_hour::parse(board, exit_row)
        .unwrap()
        .optimum(
            gridlock_puzzles::rush_hour::Metric::Steps,
            None,
            &gridlock_search::Limits::none(),
        )
        .unwrap()
        .0
        .expect("solvable")
}

fn browser_paths() -> (PathBuf, PathBuf) {
    let driver = path_from("GRIDLOCK_CHROMEDRIVER", "/usr/bin/chromedriver");
    let chromium = path_from("GRIDLOCK_CHROMIUM", "/usr/bin/chromium");
    for path in [&driver, &chromium] {
        assert!(
            path.exists(),
            "{} is missing: run .ci/browser-deps (or set GRIDLOCK_CHROMEDRIVER / \
             GRIDLOCK_CHROMIUM), then rebuild",
            path.display()
        );
    }
    (driver, chromium)
}

impl Browser {
    fn value(&self, id: &str) -> String {
        self.js(&format!("return document.getElementById('{id}').value"))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The tiles drawn on the board, in reading order (0 for the blank).
    fn tiles(&self) -> Vec<u64> {
        let v = self.js(
            "const n = document.querySelectorAll('#board .cell-hit').length; \
             const t = new Array(n).fill(0); \
             for (const r of document.querySelectorAll('#board .tile')) \
               t[Number(r.dataset.cell)] = Number(r.dataset.tile); \
             return t",
        );
        v.as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default()
    }

    fn move_labels(&self) -> Vec<String> {
        let v =
            self.js("return [...document.querySelectorAll('#moves li')].map(li => li.textContent)");
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[test]
#[cfg_attr(
    browser_missing,
    ignore = "chromium or chromedriver was missing at build time: run .ci/browser-deps (docs/web.md)"
)]
fn the_n_puzzle_tab_slides_solves_plays_back_and_opens_links() {
    let (driver, chromium) = browser_paths();
    let _one = one_browser();
    let shots = std::env::var_os("GRIDLOCK_SCREENSHOTS").map(PathBuf::from);
    let server = support::start(gridlock_web::Config {
        tables: None,
        ..support::untimed()
    });
    let base = format!("http://{}/", server.addr);
    let browser = Browser::launch(&driver, &chromium);
    if shots.is_some() {
        browser.cmd(
            "POST",
            "/window/rect",
            Some(json!({ "width": 1280, "height": 1000 })),
        );
    }

    // A solved 3x3 board; clicks slide the tiles next to the blank, and only those.
    browser.go(&base);
    browser.click("#tab-n-puzzle");
    browser.click("#np-3x3");
    assert_eq!(browser.value("board-text"), "1 2 3\n4 5 6\n7 8 0\n");
    assert_eq!(browser.tiles(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    browser.click("#board .cell-hit[data-cell='7']");
    assert_eq!(browser.value("board-text"), "1 2 3\n4 5 6\n7 0 8\n");
    browser.click("#board .cell-hit[data-cell='4']");
    assert_eq!(browser.value("board-text"), "1 2 3\n4 0 6\n7 5 8\n");
    browser.click("#board .cell-hit[data-cell='0']");
    assert_eq!(
        browser.value("board-text"),
        "1 2 3\n4 0 6\n7 5 8\n",
        "a tile away from the blank does not move"
    );
    assert_eq!(browser.tiles(), [1, 2, 3, 4, 0, 6, 7, 5, 8]);
    assert_eq!(
        browser.js("return location.hash"),
        "#n-puzzle/1-2-3/4-0-6/7-5-8",
        "the link follows the slides"
    );
    assert_eq!(
        browser.js("return document.getElementById('board').getAttribute('data-at-goal')"),
        "false"
    );

    // Solve and play back to the goal.
    browser.click("#solve");
    browser.wait_text("#step-counter", "Move 0 / 2");
    assert_eq!(browser.move_labels(), ["5 up", "8 left"]);
    browser.click("#play");
    browser.wait_text("#step-counter", "Move 2 / 2");
    assert_eq!(browser.tiles(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(
        browser.js("return document.getElementById('board').getAttribute('data-at-goal')"),
        "true"
    );
    assert!(browser.text("#phase").contains("Every tile is home"));
    browser.key("\u{E012}");
    browser.wait_text("#step-counter", "Move 1 / 2");
    assert_eq!(browser.tiles(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);

    // A shared link: Korf's instance 1 with his goal (blank first), solved on opening.
    let korf1 = "14-13-15-7/11-12-9-5/6-0-2-1/4-8-10-3";
    browser.go("about:blank");
    browser.go(&format!("{base}#n-puzzle/{korf1}?goal=blank-first"));
    browser.wait_text("#step-counter", "Move 0 / 57");
    assert_eq!(browser.value("option-goal"), "blank-first");
    assert_eq!(
        browser.value("board-text"),
        "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n"
    );
    assert_eq!(browser.tiles().len(), 16);
    for _ in 0..20 {
        browser.key("\u{E014}");
    }
    browser.wait_text("#step-counter", "Move 20 / 57");
    browser.screenshot(&shots, "n-puzzle.png");
    browser.key("\u{E010}");
    browser.wait_text("#step-counter", "Move 57 / 57");
    assert_eq!(browser.tiles(), (0..16).collect::<Vec<u64>>());
    // A link with a goal board of its own: the goal menu shows it.
    browser.go("about:blank");
    browser.go(&format!(
        "{base}#n-puzzle/1-2-3/4-5-6/7-8-0?goal=1-2-3/4-5-6/7-0-8"
    ));
    browser.wait_text("#step-counter", "Move 0 / 1");
    assert_eq!(browser.value("option-goal"), "1-2-3/4-5-6/7-0-8");
    assert_eq!(browser.move_labels(), ["8 right"]);

    // The shapes: a 5x5 example from the menu is drawn with 24 tiles and solved; another
    // shape from the inputs; Scramble changes the board and its link.
    browser.click("#edit");
    let option = browser
        .find_xpath("//select[@id='examples']/option[contains(., '24-puzzle: 60 random slides')]");
    browser.cmd("POST", &format!("/element/{option}/click"), Some(json!({})));
    assert_eq!(browser.value("option-goal"), "blank-last");
    assert_eq!(browser.tiles().len(), 25);
    browser.click("#solve");
    browser.wait_text("#step-counter", "Move 0 / 52");
    browser.click("#edit");
    browser.js("document.getElementById('np-rows').value = '2'; \
         document.getElementById('np-cols').value = '5'");
    browser.click("#np-shape");
    assert_eq!(browser.value("board-text"), "1 2 3 4 5\n6 7 8 9 0\n");
    assert_eq!(
        browser.text("#status"),
        "",
        "the 5x5 answer's summary is gone"
    );
    browser.click("#np-scramble");
    browser.screenshot(&shots, "n-puzzle-edit.png");
    let scrambled = browser.value("board-text");
    assert_ne!(scrambled, "1 2 3 4 5\n6 7 8 9 0\n");
    assert_eq!(scrambled.lines().count(), 2);
    let hash = browser.js("return location.hash");
    assert!(
        hash.as_str().unwrap().starts_with("#n-puzzle/")
            && !hash.as_str().unwrap().contains("6-7-8-9-0"),
        "{hash}"
    );
    drop(browser);
    drop(server);
}

#[test]
#[cfg_attr(
    browser_missing,
    ignore = "chromium or chromedriver was missing at build time: run .ci/browser-deps (docs/web.md)"
)]
fn the_rush_hour_tab_draws_resizes_and_solves_boards_of_any_size() {
    let (driver, chromium) = browser_paths();
    let _one = one_browser();
    let shots = std::env::var_os("GRIDLOCK_SCREENSHOTS").map(PathBuf::from);
    let server = support::start(support::untimed());
    let base = format!("http://{}/", server.addr);
    let browser = Browser::launch(&driver, &chromium);
    let drawn = |attr: &str| {
        browser
            .js(&format!(
                "return document.getElementById('board').getAttribute('{attr}')"
            ))
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let cells = || {
        browser
            .js("return document.querySelectorAll('#board .cell-hit').length")
            .as_u64()
            .unwrap_or_default()
    };

    // A 5x7 board typed in the text box: drawn at its size, the exit on the red car's row,
    // solved in the library's number of steps and played to the red car's exit.
    let board = "oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n";
    let want = library_steps(board, None);
    browser.go(&base);
    browser.click("#tab-rush-hour");
    browser.js(&format!(
        "const t = document.getElementById('board-text'); t.value = {board:?}; \
         t.dispatchEvent(new Event('input'))"
    ));
    assert_eq!(
        (drawn("data-rows"), drawn("data-cols")),
        ("5".into(), "7".into())
    );
    assert_eq!(drawn("data-exit-row"), "2", "the red car's row");
    assert_eq!(cells(), 35);
    assert_eq!(
        browser.js("return location.hash"),
        "#rush-hour/oooBooo/AAoBooo/oooCCxo/ooooooo/ooooooo",
        "the link holds the rows joined by '/'"
    );
    browser.click("#solve");
    browser.wait_text("#step-counter", &format!("Step 0 / {want}"));
    browser.click("#last");
    browser.wait_text("#step-counter", &format!("Step {want} / {want}"));
    assert_eq!(drawn("data-red-out"), "true");

    // The editor resizes: 8 rows x 9 columns keeps the vehicles that fit whole.
    browser.click("#edit");
    browser.js("document.getElementById('rh-rows').value = '8'; \
         document.getElementById('rh-cols').value = '9'");
    browser.click("#rh-size");
    assert_eq!(
        (drawn("data-rows"), drawn("data-cols")),
        ("8".into(), "9".into())
    );
    assert_eq!(cells(), 72);
    let text = browser.value("board-text");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 8, "{text}");
    assert!(rows.iter().all(|r| r.len() == 9), "{text}");
    assert_eq!(rows[1], "AAoBooooo");
    // ... and shrinking to 4 x 4 drops the vehicles cut in two (C lies in columns 4 and 5)
    browser.js("document.getElementById('rh-rows').value = '4'; \
         document.getElementById('rh-cols').value = '4'");
    browser.click("#rh-size");
    assert_eq!(
        browser.value("board-text"),
        "oooB\nAAoB\noooo\noooo\n",
        "C lost a cell and is gone"
    );
    // Painting: a wall on cell 15 rewrites the text.
    browser.click("#palette button[title='Wall']");
    browser.click("#board .cell-hit[data-cell='15']");
    assert_eq!(browser.value("board-text"), "oooB\nAAoB\noooo\nooox\n");
    // A size out of range is refused with a message.
    browser.js("document.getElementById('rh-rows').value = '13'");
    browser.click("#rh-size");
    assert!(browser.text("#status").contains("4 to 12"));

    // The Exit row option (`--exit-row`): a 6x6 board whose red car is in row 1 is drawn with
    // the exit in row 3 by default, in row 1 once chosen, and solved and played out there.
    let six = "AAoBoo\noooBoo\nooCoEE\nooCooo\nDDoooo\noooooo\n";
    let want_six = library_steps(six, Some(0));
    let exit_option = |row: &str| {
        browser.js(&format!(
            "const s = document.getElementById('option-exit_row'); s.value = {row:?}; \
             s.dispatchEvent(new Event('change'))"
        ));
    };
    browser.js(&format!(
        "const t = document.getElementById('board-text'); t.value = {six:?}; \
         t.dispatchEvent(new Event('input'))"
    ));
    assert_eq!(drawn("data-exit-row"), "3", "the contest's exit on 6x6");
    exit_option("1");
    assert_eq!(drawn("data-exit-row"), "1", "the row chosen");
    browser.click("#solve");
    browser.wait_text("#step-counter", &format!("Step 0 / {want_six}"));
    browser.click("#last");
    browser.wait_text("#step-counter", &format!("Step {want_six} / {want_six}"));
    assert_eq!(drawn("data-red-out"), "true");
    assert_eq!(
        browser.js("return location.hash"),
        format!(
            "#rush-hour/{}?exit-row=1",
            six.trim_end().replace('\n', "/")
        ),
        "the link keeps the exit row"
    );
    exit_option("auto");
    assert_eq!(drawn("data-exit-row"), "3");
    // ... and a link with the exit row opens the board with the option set
    browser.go(&format!(
        "{base}#rush-hour/{}?exit-row=1",
        six.trim_end().replace('\n', "/")
    ));
    browser.wait_text("#step-counter", &format!("Step 0 / {want_six}"));
    assert_eq!(browser.value("option-exit_row"), "1");
    exit_option("auto");

    // A shared link to a 9x9 board opens it and solves it.
    let chain = std::fs::read_to_string(format!(
        "{}/../../tests/fixtures/rush_hour/chain_9x9.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture chain_9x9");
    let link: Vec<&str> = chain.lines().filter(|l| !l.is_empty()).collect();
    browser.go("about:blank");
    browser.go(&format!("{base}#rush-hour/{}", link.join("/")));
    // the optimum with the exit steps, proved by the chain's construction (fixture README)
    browser.wait_text("#step-counter", "Step 0 / 29");
    assert_eq!(
        (drawn("data-rows"), drawn("data-cols")),
        ("9".into(), "9".into())
    );
    browser.screenshot(&shots, "rush-hour-9x9.png");
    drop(server);
}

#[test]
#[cfg_attr(
    browser_missing,
    ignore = "chromium or chromedriver was missing at build time: run .ci/browser-deps (docs/web.md)"
)]
fn the_rush_hour_tab_generates_a_new_puzzle_of_the_chosen_difficulty() {
    let (driver, chromium) = browser_paths();
    let _one = one_browser();
    let shots = std::env::var_os("GRIDLOCK_SCREENSHOTS").map(PathBuf::from);
    let server = support::start(support::untimed());
    let base = format!("http://{}/", server.addr);
    let browser = Browser::launch(&driver, &chromium);
    if shots.is_some() {
        browser.cmd(
            "POST",
            "/window/rect",
            Some(json!({ "width": 1280, "height": 1000 })),
        );
    }
    browser.go(&base);
    browser.click("#tab-rush-hour");
    assert_eq!(
        browser.js("return document.getElementById('generate').hidden"),
        false,
        "the control is on the Rush Hour tab"
    );
    // the button is styled like the panel's other secondary buttons (Verify), not the
    // browser's default
    let style = |id: &str| {
        browser.js(&format!(
            "const s = getComputedStyle(document.getElementById('{id}')); \
             return [s.backgroundColor, s.borderTopWidth, s.borderRadius, s.fontWeight]"
        ))
    };
    assert_eq!(style("generate-new"), style("verify"));
    assert_eq!(style("generate-new")[0], "rgb(250, 250, 250)");
    browser.js(
        "const s = document.getElementById('generate-difficulty'); s.value = 'easy'; \
         s.dispatchEvent(new Event('change'))",
    );
    let before = browser.value("board-text");
    browser.click("#generate-new");
    let board = browser.wait("a generated board in the text box", || {
        let text = browser.value("board-text");
        (text != before && text.trim().len() == 36).then(|| text.trim().to_string())
    });
    let status = browser.text("#status");
    let moves: u32 = status
        .strip_prefix("New easy puzzle: ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("status {status:?}"));
    assert!((10..=20).contains(&moves), "{status}");
    // the solver, not the generator, confirms the number
    let p = gridlock_puzzles::rush_hour::parse_database(&board).unwrap();
    let optimum = p
        .optimum(
            gridlock_puzzles::rush_hour::Metric::Moves,
            None,
            &gridlock_search::Limits::none(),
        )
        .unwrap()
        .0;
    assert_eq!(optimum, Some(moves), "{board}");
    assert_eq!(browser.value("option-metric"), "moves");
    browser.screenshot(&shots, "rush-hour-new-puzzle.png");
    assert!(
        browser
            .text("#generate-note")
            .contains("--moves 10..20 --seed "),
        "{}",
        browser.text("#generate-note")
    );
    assert_eq!(
        browser.js("return location.hash"),
        format!("#rush-hour/{board}").as_str(),
        "the link follows the new board"
    );
    browser.click("#solve");
    browser.wait("the solve's summary", || {
        browser
            .text("#status")
            .starts_with(&format!("Solved in {moves} moves"))
            .then_some(())
    });
    // other tabs do not show it
    browser.click("#tab-chips");
    assert_eq!(
        browser.js("return document.getElementById('generate').hidden"),
        true
    );
    drop(browser);
    drop(server);
}

impl Browser {
    /// How many elements of the board match `css`.
    fn count(&self, css: &str) -> u64 {
        self.js(&format!(
            "return document.querySelectorAll('#board {css}').length"
        ))
        .as_u64()
        .unwrap_or_default()
    }

    /// Plays LURD letters with the arrow keys, the focus on the page itself.
    fn play_keys(&self, lurd: &str) {
        self.js("document.activeElement.blur()");
        for letter in lurd.chars() {
            let key = match letter.to_ascii_lowercase() {
                'l' => "\u{E012}",
                'u' => "\u{E013}",
                'r' => "\u{E014}",
                _ => "\u{E015}",
            };
            self.key(key);
        }
    }
}

#[test]
#[cfg_attr(
    browser_missing,
    ignore = "chromium or chromedriver was missing at build time: run .ci/browser-deps (docs/web.md)"
)]
fn the_sokoban_tab_is_played_with_the_keys_solved_linked_and_generated() {
    let (driver, chromium) = browser_paths();
    let _one = one_browser();
    let shots = std::env::var_os("GRIDLOCK_SCREENSHOTS").map(PathBuf::from);
    let server = support::start(support::untimed());
    let base = format!("http://{}/", server.addr);
    let browser = Browser::launch(&driver, &chromium);
    if shots.is_some() {
        browser.cmd(
            "POST",
            "/window/rect",
            Some(json!({ "width": 1280, "height": 1000 })),
        );
    }
    browser.go(&base);
    browser.click("#tab-sokoban");
    // the first example (examples/sokoban/sample.txt): three boxes, three goals, one player
    let start = "#######\n#.  # #\n#.$ $ #\n#.$@  #\n#  #  #\n#######\n";
    assert_eq!(browser.value("board-text"), start);
    assert_eq!(browser.count(".box"), 3);
    assert_eq!(browser.count(".goal"), 3);
    assert_eq!(browser.count(".player"), 1);
    assert_eq!(
        browser.js("return document.getElementById('sokoban-generate').hidden"),
        false
    );
    // played with the arrow keys: a push onto a goal, a push into a wall (refused), undo
    browser.play_keys("L");
    let pushed = "#######\n#.  # #\n#.$ $ #\n#*@   #\n#  #  #\n#######\n";
    assert_eq!(browser.value("board-text"), pushed);
    assert_eq!(browser.count(".box.home"), 1);
    assert_eq!(browser.text("#phase"), "played: 1 move, 1 push");
    browser.play_keys("l");
    assert_eq!(browser.value("board-text"), pushed, "a wall stops the box");
    browser.js("document.activeElement.blur()");
    browser.key("\u{E003}"); // Backspace
    assert_eq!(browser.value("board-text"), start, "undone");
    assert!(browser
        .js("return location.hash")
        .as_str()
        .unwrap()
        .starts_with("#sokoban/"));
    // the optimal solution played by hand solves it; Restart goes back to the start
    browser.play_keys("LUrdrruLLLruL");
    assert_eq!(browser.count(".box.home"), 3);
    assert_eq!(browser.text("#phase"), "Solved! played: 13 moves, 6 pushes");
    browser.click("#sokoban-undo");
    assert_eq!(browser.count(".box.home"), 2);
    browser.click("#sokoban-restart");
    assert_eq!(browser.value("board-text"), start);
    // Solve, then the arrow keys step through the playback
    browser.click("#solve");
    browser.wait_text(
        "#status",
        "Solved in 6 pushes and 13 moves; proven optimal: fewest pushes, then fewest moves.",
    );
    assert_eq!(browser.value("solution-text"), "LUrdrruLLLruL");
    browser.play_keys("rrrrrrr");
    browser.wait_text("#step-counter", "Move 7 / 13");
    assert_eq!(browser.value("board-text"), start, "playback does not edit");
    browser.screenshot(&shots, "sokoban.png");
    browser.key("\u{E010}"); // End
    browser.wait_text("#step-counter", "Move 13 / 13");
    assert_eq!(browser.count(".box.home"), 3);
    // the moves objective
    browser.js(
        "const s = document.getElementById('option-objective'); s.value = 'moves'; \
         s.dispatchEvent(new Event('change'))",
    );
    browser.click("#solve");
    browser.wait("the moves solve's summary", || {
        browser
            .text("#status")
            .ends_with("proven optimal: fewest moves, then fewest pushes.")
            .then_some(())
    });
    // a link opens and solves its level
    browser.go(&format!("{base}#sokoban/#####/#@$.#/#####"));
    browser.wait("the linked level solved", || {
        browser
            .text("#status")
            .starts_with("Solved in 1 push and 1 move")
            .then_some(())
    });
    // New level: a generated level of the chosen difficulty, confirmed by the solver
    browser.click("#tab-sokoban");
    browser.js(
        "const s = document.getElementById('sokoban-difficulty'); s.value = 'easy'; \
         s.dispatchEvent(new Event('change'))",
    );
    let before = browser.value("board-text");
    browser.click("#sokoban-new");
    let board = browser.wait("a generated level in the text box", || {
        let text = browser.value("board-text");
        (text != before && text.lines().count() == 10).then_some(text)
    });
    let status = browser.text("#status");
    let pushes: u32 = status
        .strip_prefix("New easy level: 3 boxes, ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("status {status:?}"));
    let level = gridlock_puzzles::sokoban::parse_level(&board, None).unwrap();
    let best = gridlock_puzzles::sokoban::solve(&level, &Default::default())
        .unwrap()
        .solution
        .unwrap();
    assert_eq!(best.pushes, pushes, "{board}");
    assert!((8..=15).contains(&pushes), "{status}");
    assert!(browser.text("#sokoban-note").contains("--seed "));
    drop(browser);
    drop(server);
}
