//! What went wrong with the player's own engine, and what a rebuild of
//! the game database did, in the interface's language. The engine's own
//! words (its standard error, the system's reason) are quoted as they came.

use super::Lang;
use crate::client::external::EngineFailure;
use crate::client::process::{ClientError, GoError, UnknownProtocol};
use crate::store::db::Recovery;

/// What a rebuild of the game database did, after the notice's heading
/// (which says why, and that it was set aside and rebuilt).
pub fn rebuilt_text(r: &Recovery, lang: Lang) -> String {
    let path = r.set_aside.display();
    match lang {
        Lang::Zh | Lang::ZhHant => {
            let lost = if r.unreadable > 0 {
                format!("（{} 局无法读取）", r.unreadable)
            } else {
                String::new()
            };
            lang.chinese(&format!(
                "原文件保存为 {path}；从中读回 {} 局{lost}，从棋谱加入 {} 局",
                r.salvaged, r.from_saved
            ))
        }
        Lang::En => {
            let lost = if r.unreadable > 0 {
                format!(" ({} could not be read)", r.unreadable)
            } else {
                String::new()
            };
            format!(
                "the file {}; the old file is kept as {path}; {} games read back from it{lost}, {} from the saved games",
                r.why, r.salvaged, r.from_saved
            )
        }
        Lang::Vi => {
            let lost = if r.unreadable > 0 {
                format!(" ({} ván không đọc được)", r.unreadable)
            } else {
                String::new()
            };
            format!(
                "tệp cũ được giữ ở {path}; đọc lại được {} ván từ đó{lost}, thêm {} ván từ các ván đã lưu",
                r.salvaged, r.from_saved
            )
        }
    }
}

/// The engine's last words on its standard error, after a failure.
fn said(tail: &[String], lang: Lang) -> String {
    match (tail.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::Zh | Lang::ZhHant) => format!("；它输出：{}", tail.join(" / ")),
        (false, Lang::En) => format!("; it said: {}", tail.join(" / ")),
        (false, Lang::Vi) => format!("; nó báo: {}", tail.join(" / ")),
    }
}

/// An engine failure in words: English as the failure says it, Chinese
/// and Vietnamese phrased here.
pub fn engine_failure_text(f: &EngineFailure, lang: Lang) -> String {
    match lang {
        Lang::En => f.to_string(),
        Lang::Zh | Lang::ZhHant => lang.chinese(&engine_failure_zh(f, lang)),
        Lang::Vi => engine_failure_vi(f),
    }
}

/// [`engine_failure_text`] in Simplified Chinese.
fn engine_failure_zh(f: &EngineFailure, lang: Lang) -> String {
    match f {
        EngineFailure::CannotStart { engine, why } => format!("引擎「{engine}」无法启动：{why}"),
        EngineFailure::NoHandshake {
            engine,
            secs,
            stderr,
        } => format!(
            "引擎「{engine}」启动后 {secs:.0} 秒内没有应答；它是 UCI 或 UCCI 引擎吗？{}",
            said(stderr, lang)
        ),
        EngineFailure::DiedAtStart { engine, detail } => {
            format!("引擎「{engine}」在启动时退出{detail}")
        }
        EngineFailure::OptionRefused {
            engine,
            option,
            value,
            complaint,
        } => format!("引擎「{engine}」拒绝了选项 {option} = {value}：{complaint}"),
        EngineFailure::Crashed { engine, detail } => {
            format!("引擎「{engine}」在对局中退出{detail}")
        }
        EngineFailure::Hang {
            engine,
            secs,
            stderr,
        } => format!(
            "引擎「{engine}」{secs:.1} 秒内没有走棋，已被停止{}",
            said(stderr, lang)
        ),
        EngineFailure::IllegalMove { engine, word } => {
            format!("引擎「{engine}」走了 {word}，这步棋不合规则")
        }
        EngineFailure::UnparsableMove { engine, word } => {
            format!("引擎「{engine}」回答「{word}」，这不是一步棋")
        }
        EngineFailure::NoMove { engine, stderr } => format!(
            "引擎「{engine}」还有棋可走却没有给出着法{}",
            said(stderr, lang)
        ),
        EngineFailure::NoLegalMoves { engine } => {
            format!("引擎「{engine}」被要求走棋，但对局已结束：没有合法着法")
        }
        EngineFailure::BadRequest { engine, why } => format!("无法向引擎「{engine}」提问：{why}"),
    }
}

/// [`engine_failure_text`] in Vietnamese.
fn engine_failure_vi(f: &EngineFailure) -> String {
    let lang = Lang::Vi;
    match f {
        EngineFailure::CannotStart { engine, why } => {
            format!("Không khởi động được engine “{engine}”: {why}")
        }
        EngineFailure::NoHandshake {
            engine,
            secs,
            stderr,
        } => format!(
            "Engine “{engine}” không trả lời trong {secs:.0} giây sau khi khởi động; đây có phải engine UCI hay UCCI không?{}",
            said(stderr, lang)
        ),
        EngineFailure::DiedAtStart { engine, detail } => {
            format!("Engine “{engine}” thoát ngay khi khởi động{detail}")
        }
        EngineFailure::OptionRefused {
            engine,
            option,
            value,
            complaint,
        } => format!("Engine “{engine}” từ chối tùy chọn {option} = {value}: {complaint}"),
        EngineFailure::Crashed { engine, detail } => {
            format!("Engine “{engine}” thoát giữa ván{detail}")
        }
        EngineFailure::Hang {
            engine,
            secs,
            stderr,
        } => format!(
            "Engine “{engine}” không đi trong {secs:.1} giây và đã bị dừng{}",
            said(stderr, lang)
        ),
        EngineFailure::IllegalMove { engine, word } => {
            format!("Engine “{engine}” đi {word}, một nước không hợp lệ")
        }
        EngineFailure::UnparsableMove { engine, word } => {
            format!("Engine “{engine}” trả lời “{word}”, đó không phải một nước đi")
        }
        EngineFailure::NoMove { engine, stderr } => format!(
            "Engine “{engine}” không đưa ra nước nào dù vẫn còn nước đi{}",
            said(stderr, lang)
        ),
        EngineFailure::NoLegalMoves { engine } => {
            format!(
                "Engine “{engine}” được yêu cầu đi, nhưng ván đã kết thúc: không còn nước hợp lệ"
            )
        }
        EngineFailure::BadRequest { engine, why } => {
            format!("Không hỏi được engine “{engine}”: {why}")
        }
    }
}

/// What went wrong talking to an engine (adding or testing it), in words.
pub fn client_error_text(e: &ClientError, lang: Lang) -> String {
    let zh = match (e, lang) {
        (e, Lang::En) => return e.to_string(),
        (ClientError::BadCommand(c), Lang::Vi) => {
            return format!("Không hiểu được lệnh engine “{c}”");
        }
        (ClientError::Spawn { program, why }, Lang::Vi) => {
            return format!("Không khởi động được “{program}”: {why}");
        }
        (ClientError::Timeout { expected, secs }, Lang::Vi) => {
            return format!("Engine không trả lời {expected} trong {secs:.1} giây");
        }
        (ClientError::Exited(detail), Lang::Vi) => return format!("Engine đã thoát{detail}"),
        (ClientError::Write(why), Lang::Vi) => return format!("Không ghi được cho engine: {why}"),
        (ClientError::Option(c), Lang::Vi) => return format!("Tùy chọn engine {c}"),
        (ClientError::BadCommand(c), _) => format!("引擎命令行「{c}」无法读懂"),
        (ClientError::Spawn { program, why }, _) => format!("无法启动「{program}」：{why}"),
        (ClientError::Timeout { expected, secs }, _) => {
            format!("引擎 {secs:.1} 秒内没有回答 {expected}")
        }
        (ClientError::Exited(detail), _) => format!("引擎已退出{detail}"),
        (ClientError::Write(why), _) => format!("无法向引擎写入：{why}"),
        (ClientError::Option(c), _) => format!("引擎选项 {c}"),
    };
    lang.chinese(&zh)
}

/// A search that gave no move, in words.
pub fn go_error_text(e: &GoError, lang: Lang) -> String {
    match (e, lang) {
        (GoError::Hang(secs), Lang::Zh | Lang::ZhHant) => {
            lang.chinese(&format!("引擎 {secs:.2} 秒内没有走棋"))
        }
        (GoError::Hang(secs), Lang::Vi) => format!("Engine không đi trong {secs:.2} giây"),
        (GoError::Failed(c), _) => client_error_text(c, lang),
        (e, Lang::En) => e.to_string(),
    }
}

/// An engine the game was to use that is no longer in the engine list.
pub fn engine_missing_text(name: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese(&format!("引擎「{name}」已不在引擎列表中")),
        Lang::En => format!("'{name}' is no longer in the engine list"),
        Lang::Vi => format!("“{name}” không còn trong danh sách engine"),
    }
}

/// A protocol in the engine list that is neither UCI nor UCCI.
pub fn protocol_error_text(e: &UnknownProtocol, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => {
            lang.chinese(&format!("协议须为 uci 或 ucci，而不是「{}」", e.0))
        }
        Lang::En => e.to_string(),
        Lang::Vi => format!("Giao thức phải là uci hoặc ucci, không phải “{}”", e.0),
    }
}

/// An engine card's job whose thread ended without an answer.
pub fn job_lost_text(lost: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese("引擎的任务意外结束，没有回答"),
        Lang::En => lost.to_string(),
        Lang::Vi => "Việc của engine kết thúc bất ngờ, không có câu trả lời".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_failure_reads_in_chinese_in_the_chinese_interface() {
        let engine = "Pika".to_string();
        let tail = vec!["oops".to_string()];
        let failures = [
            EngineFailure::CannotStart {
                engine: engine.clone(),
                why: "x".into(),
            },
            EngineFailure::NoHandshake {
                engine: engine.clone(),
                secs: 20.0,
                stderr: tail.clone(),
            },
            EngineFailure::Hang {
                engine: engine.clone(),
                secs: 1.5,
                stderr: tail.clone(),
            },
            EngineFailure::Crashed {
                engine: engine.clone(),
                detail: String::new(),
            },
            EngineFailure::IllegalMove {
                engine: engine.clone(),
                word: "a0a9".into(),
            },
            EngineFailure::NoMove {
                engine: engine.clone(),
                stderr: vec![],
            },
        ];
        for f in &failures {
            let zh = engine_failure_text(f, Lang::Zh);
            assert!(zh.contains("引擎「Pika」"), "{zh}");
            // No English words of ours, only the engine's own.
            let ours = zh
                .replace("Pika", "")
                .replace("oops", "")
                .replace("UCCI", "")
                .replace("UCI", "");
            assert!(
                !ours
                    .chars()
                    .any(|c| c.is_ascii_alphabetic() && c != 'x' && c != 'a'),
                "{zh}"
            );
            assert_eq!(engine_failure_text(f, Lang::En), f.to_string());
            let hant = engine_failure_text(f, Lang::ZhHant);
            assert!(hant.contains("引擎「Pika」"), "{hant}");
            assert!(!hant.contains(['没', '这', '时']), "{hant}");
            let vi = engine_failure_text(f, Lang::Vi);
            assert!(vi.contains("“Pika”"), "{vi}");
            assert_ne!(vi, f.to_string());
        }
        assert!(engine_failure_text(&failures[1], Lang::Zh).contains("20 秒"));
        assert!(engine_missing_text("Pika", Lang::Zh).contains("引擎列表"));
        let hang = GoError::Hang(1.5);
        assert_eq!(go_error_text(&hang, Lang::Zh), "引擎 1.50 秒内没有走棋");
        assert_eq!(go_error_text(&hang, Lang::En), hang.to_string());
        let gone = ClientError::Exited(" (exit status: 3)".into());
        assert_eq!(
            client_error_text(&gone, Lang::Zh),
            "引擎已退出 (exit status: 3)"
        );
    }

    #[test]
    fn the_engine_cards_own_errors_read_in_both_languages() {
        let bad = UnknownProtocol("xboard".into());
        assert!(protocol_error_text(&bad, Lang::Zh).contains("「xboard」"));
        assert_eq!(protocol_error_text(&bad, Lang::En), bad.to_string());
        assert!(job_lost_text("the test", Lang::Zh).contains("意外结束"));
        assert_eq!(job_lost_text("the test", Lang::En), "the test");
    }
}
