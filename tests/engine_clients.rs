//! Starting the player's engines: the protocol found by
//! asking (UCI, then UCCI), the engine's name, author and options read from
//! its handshake, and an engine that dies at start reported with the last
//! words it wrote to its standard error.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;
use xiangqi::client::options::OptionKind;
use xiangqi::client::process::{Client, ClientError, Protocol};

const BIN: &str = env!("CARGO_BIN_EXE_xiangqi");

/// A shell script engine, as the command line that runs it: through `sh`,
/// so no test's `exec` of a file another thread has just written can meet
/// "text file busy".
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn our_own_engine_is_found_speaking_uci_with_its_options() {
    let c = Client::detect(&format!("{BIN} uci"), Duration::from_secs(10)).unwrap();
    assert_eq!(c.protocol(), Protocol::Uci);
    assert!(c.name().starts_with("xiangqi"), "{}", c.name());
    assert_eq!(c.author(), "the xiangqi team");
    let hash = c.options().iter().find(|o| o.name == "Hash").unwrap();
    assert!(
        matches!(
            hash.kind,
            OptionKind::Spin {
                min: 1,
                max: 4096,
                ..
            }
        ),
        "{hash:?}"
    );
    let eval = c.options().iter().find(|o| o.name == "EvalFile").unwrap();
    assert!(matches!(eval.kind, OptionKind::File { .. }), "{eval:?}");
    assert!(
        c.options()
            .iter()
            .any(|o| o.name == "Clear Hash" && o.kind == OptionKind::Button)
    );
}

#[test]
fn an_engine_that_only_speaks_ucci_is_found_on_the_second_try() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(
        dir.path(),
        "ucci-only",
        "while IFS= read -r line; do\n\
           case \"$line\" in\n\
             ucci) echo 'id name Elephant Fake'; echo 'id author someone';\n\
                   echo 'option hashsize type spin min 16 max 1024 default 16';\n\
                   echo 'option usebook type check default true'; echo ucciok ;;\n\
             isready) echo readyok ;;\n\
             quit) echo bye; exit 0 ;;\n\
           esac\n\
         done\n",
    );
    let c = Client::detect(&engine, Duration::from_secs(2)).unwrap();
    assert_eq!(c.protocol(), Protocol::Ucci);
    assert_eq!((c.name(), c.author()), ("Elephant Fake", "someone"));
    let names: Vec<&str> = c.options().iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["hashsize", "usebook"]);
}

#[test]
fn an_engine_that_dies_at_start_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(
        dir.path(),
        "no-network",
        "echo 'ERROR: network file pikafish.nnue not found' >&2\nexit 1\n",
    );
    let e = Client::detect(&engine, Duration::from_secs(2)).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, ClientError::Exited(_)), "{e:?}");
    assert!(
        text.contains("network file pikafish.nnue not found"),
        "{text}"
    );
    // Not a program at all.
    let e = Client::detect(
        &dir.path().join("missing").display().to_string(),
        Duration::from_secs(1),
    )
    .unwrap_err();
    assert!(matches!(e, ClientError::Spawn { .. }), "{e:?}");
}

#[test]
fn an_engine_that_never_answers_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(dir.path(), "silent", "exec sleep 60\n");
    let e = Client::detect(&engine, Duration::from_millis(500)).unwrap_err();
    assert!(
        matches!(
            e,
            ClientError::Timeout {
                expected: "uciok",
                ..
            }
        ),
        "{e:?}"
    );
}
