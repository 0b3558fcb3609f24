//! Test helpers: the server started in-process on a free loopback port, and a minimal
//! HTTP/1.1 client (enough for the API and for a WebDriver server), so the tests need no
//! HTTP client crate.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A running server; stops when dropped (its runtime shuts down).
pub struct Server {
    /// Where it listens (127.0.0.1 and a port the OS chose).
    pub addr: SocketAddr,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(Duration::from_secs(1));
        }
    }
}

/// The server's defaults without the time cap: every solve is bounded by the state and
/// candidate caps alone, so a test's answer never depends on how busy the machine is (a
/// test of the time cap itself asks for `timeout: 0` in its request, which is certain to
/// fire on a search that cannot end at once).
pub fn untimed() -> gridlock_web::Config {
    gridlock_web::Config {
        timeout: None,
        ..gridlock_web::Config::default()
    }
}

/// Starts the web player with `config` on 127.0.0.1:0.
pub fn start(config: gridlock_web::Config) -> Server {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind a loopback port");
    let addr = listener.local_addr().expect("local address");
    runtime.spawn(gridlock_web::serve(
        listener,
        config,
        std::future::pending(),
    ));
    Server {
        addr,
        runtime: Some(runtime),
    }
}

/// An HTTP response: status, headers (names lower-cased) and body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The body as JSON (panics with the body if it is not JSON: every API answer must be).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "status {}: body is not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The first header called `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends one request (`Connection: close`) and reads the whole response.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Response {
    request_with(addr, method, path, content_type, &[], body)
}

/// [`request`] with extra header lines (`("Origin", "http://...")`).
pub fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    extra: &[(&str, &str)],
    body: &[u8],
) -> Response {
    // no read timeout: the server always answers (its solves are bounded by counts)
    let mut stream = TcpStream::connect(addr).expect("connect");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(ct) = content_type {
        head.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    for (name, value) in extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write head");
    // A server may answer (413) and stop reading before the body is sent: not an error here.
    let _ = stream.write_all(body);
    read_response(&mut stream)
}

fn read_response(stream: &mut TcpStream) -> Response {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let split = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let n = stream.read(&mut buf).expect("read response head");
        assert!(n > 0, "connection closed before the response head");
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut body = raw[split + 4..].to_vec();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok());
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    match length {
        Some(len) => {
            while body.len() < len {
                let n = stream.read(&mut buf).expect("read body");
                if n == 0 {
                    break;
                }
                body.extend_from_slice(&buf[..n]);
            }
            body.truncate(len);
        }
        None => {
            let _ = stream.read_to_end(&mut body);
            if chunked {
                body = dechunk(&body);
            }
        }
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..i])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = i + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}

/// `POST path` with a JSON body; answers status and JSON.
pub fn post_json(
    addr: SocketAddr,
    path: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let r = request(
        addr,
        "POST",
        path,
        Some("application/json"),
        body.to_string().as_bytes(),
    );
    (r.status, r.json())
}
