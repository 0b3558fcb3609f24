//! `gridlock serve` as a user runs it: it prints its URL, serves the page and the API, and
//! reports an address it cannot use as bad input.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

/// Kills the server when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn gridlock() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("gridlock"))
}

/// One request, read to the end (no read timeout: the server answers the page and a chips
/// solve, bounded by counts, whatever the load).
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_prints_its_url_and_answers_the_page_and_the_api() {
    let child = gridlock()
        .args(["serve", "--addr", "127.0.0.1:0", "--timeout", "none"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gridlock serve");
    let mut server = Running(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let page = http(
        addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("gridlock player"));
    let body = r#"{"board":"BRRBBRBR"}"#;
    let answer = http(
        addr,
        &format!(
            "POST /api/chips/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""judge":"4\n1\n2\n3\n8\n""#), "{answer}");
}

#[test]
fn an_address_in_use_or_malformed_is_exit_code_2() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = gridlock()
        .args(["serve", "--addr", &addr])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
    assert!(out.stdout.is_empty());
    let out = gridlock()
        .args(["serve", "--addr", "localhost-ish"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    for bad in ["-1", "soon"] {
        let out = gridlock()
            .args(["serve", "--timeout", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--timeout {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("or `none`"), "--timeout {bad}: {err}");
    }
}
