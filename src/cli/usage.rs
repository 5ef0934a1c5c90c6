//! Argument errors in the house style: clap's several-line message (error,
//! tip, usage, "for more information") folded into one line.

/// The text after `error: ` for a clap parse error, on one line: the
/// message, any tip, and which `--help` to read. `subcommand` is the
/// command the arguments name, if any (for the `--help` hint).
pub fn one_line(e: &clap::Error, subcommand: Option<&str>) -> String {
    let text = e.render().to_string();
    let mut message: Vec<&str> = Vec::new();
    let mut tips: Vec<&str> = Vec::new();
    let mut command = match subcommand {
        Some(name) => format!("xiangqi {name}"),
        None => String::from("xiangqi"),
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(usage) = line.strip_prefix("Usage:") {
            // `Usage: xiangqi replay [OPTIONS] [MOVE]...`: the command's words.
            let words: Vec<&str> = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect();
            if !words.is_empty() {
                command = words.join(" ");
            }
        } else if line.starts_with("For more information") {
            continue;
        } else if let Some(tip) = line.strip_prefix("tip:") {
            tips.push(tip.trim());
        } else {
            // The message, and what it lists (`<DEPTH>`, possible values).
            message.push(line.strip_prefix("error:").unwrap_or(line).trim());
        }
    }
    // clap's text drops the escape sequences of a value it quotes (`C2\e[31m`
    // shows as a valid `C2`): the value as typed, escaped by the caller.
    let exact = value_validation(e);
    if let (Some(first), Some(exact)) = (message.first_mut(), exact.as_deref()) {
        *first = exact;
    }
    let mut out = message.join(" ");
    for tip in tips {
        out.push_str("; ");
        out.push_str(tip);
    }
    out.push_str(&format!(" (see '{command} --help')"));
    out
}

/// `invalid value 'VALUE' for 'ARG': WHY` with the value exactly as given,
/// for a value its parser refused.
fn value_validation(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value)), Some(why)) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
        std::error::Error::source(e),
    ) else {
        return None;
    };
    Some(format!("invalid value '{value}' for '{arg}': {why}"))
}
