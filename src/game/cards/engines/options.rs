//! An engine's option values as the card edits them: the value in force
//! (the stored one, else the default), a step to the next value of its
//! kind, and storing a value — checked against the option, and kept only
//! when it differs from the default (a button pressed is kept until it is
//! sent).

use crate::client::options::{EngineOption, OptionKind, ValueRefused};
use crate::store::engines::EngineEntry;

/// Where the entry keeps `option`'s value (engines read names without
/// regard to case).
fn slot(entry: &EngineEntry, option: &EngineOption) -> Option<usize> {
    entry
        .options
        .iter()
        .position(|(name, _)| name.eq_ignore_ascii_case(&option.name))
}

/// The value in force: the one the player set, else the default.
pub(super) fn value_of(entry: &EngineEntry, option: &EngineOption) -> String {
    slot(entry, option).map_or_else(|| option.default_text(), |i| entry.options[i].1.clone())
}

/// Is a value of the player's stored for `option` (for a button: is it to
/// be pressed at the next start)?
pub(super) fn pressed(entry: &EngineEntry, option: &EngineOption) -> bool {
    slot(entry, option).is_some()
}

/// Stores `value` for `option` if the option takes it: only when it is not
/// the default, which takes the stored value away.
///
/// # Errors
/// Why the option refuses the value ([`EngineOption::check`]); nothing is
/// stored then.
pub(super) fn set(
    entry: &mut EngineEntry,
    option: &EngineOption,
    value: &str,
) -> Result<(), ValueRefused> {
    let value = option.check(value)?;
    let is_default = match &option.kind {
        OptionKind::Button => false,
        OptionKind::Combo { default, .. } => value.eq_ignore_ascii_case(default),
        _ => value == option.default_text(),
    };
    match (slot(entry, option), is_default) {
        (Some(i), true) => {
            entry.options.remove(i);
        }
        (Some(i), false) => entry.options[i].1 = value,
        (None, true) => {}
        (None, false) => entry.options.push((option.name.clone(), value)),
    }
    Ok(())
}

/// Takes the player's value of `option` away (the default is in force).
pub(super) fn reset(entry: &mut EngineEntry, option: &EngineOption) {
    if let Some(i) = slot(entry, option) {
        entry.options.remove(i);
    }
}

/// The value a step of `delta` (+1 up, −1 down) gives from `now`: a spin
/// goes up or down within its bounds, a check turns over, a combo takes
/// the neighbouring choice (round the ends). `None` for the kinds that are
/// typed or pressed.
pub(super) fn stepped(option: &EngineOption, now: &str, delta: i32) -> Option<String> {
    match &option.kind {
        OptionKind::Spin { default, min, max } => {
            let v = now
                .trim()
                .parse::<i64>()
                .unwrap_or(*default)
                .clamp(*min, *max);
            Some(spin_step(v, *min, *max, delta > 0).to_string())
        }
        OptionKind::Check { .. } => {
            let on = now.trim().eq_ignore_ascii_case("true");
            Some((!on).to_string())
        }
        OptionKind::Combo { choices, .. } if !choices.is_empty() => {
            let n = choices.len() as i64;
            let at = choices
                .iter()
                .position(|c| c.eq_ignore_ascii_case(now.trim()))
                .map_or(0, |i| i as i64);
            let next = (at + i64::from(delta)).rem_euclid(n);
            Some(choices[next as usize].clone())
        }
        _ => None,
    }
}

/// A spin's next value up or down. Small ranges go one by one; large ones
/// (a hash size of 1 to 33554432) to the next round number at the value's
/// leading digit, so 16 goes to 20, 90 to 100 and 100 back to 90: a few
/// presses cross a power of ten.
fn spin_step(v: i64, min: i64, max: i64, up: bool) -> i64 {
    /// 1, 10, 100 …: the place of `x`'s leading digit (1 for 0).
    fn place(x: i64) -> i64 {
        let mut p = 1_i64;
        while p <= x / 10 {
            p *= 10;
        }
        p
    }
    /// Up from `v` ≥ 0: the next multiple of its leading place.
    fn up_from(v: i64) -> i64 {
        let p = place(v);
        (v / p).saturating_add(1).saturating_mul(p)
    }
    /// Down from `v` ≥ 1: the multiple below it of the leading place of
    /// the number below it.
    fn down_from(v: i64) -> i64 {
        let p = place(v - 1);
        (v - 1) / p * p
    }
    let next = if max.saturating_sub(min) <= 100 {
        if up {
            v.saturating_add(1)
        } else {
            v.saturating_sub(1)
        }
    } else {
        // Below zero, the mirror of the steps above it.
        let v = v.max(-i64::MAX);
        match (up, v) {
            (true, v) if v >= 0 => up_from(v),
            (true, v) => -down_from(-v),
            (false, v) if v >= 1 => down_from(v),
            (false, v) => -up_from(-v),
        }
    };
    next.clamp(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(line: &str) -> EngineOption {
        EngineOption::parse(line).expect("an option line")
    }

    fn entry() -> EngineEntry {
        EngineEntry {
            name: "E".into(),
            command: "e".into(),
            protocol: "uci".into(),
            id_name: String::new(),
            author: String::new(),
            options: Vec::new(),
            strength: Default::default(),
            skill: None,
        }
    }

    #[test]
    fn spins_step_within_their_bounds_by_their_leading_digit() {
        let hash = option("option name Hash type spin default 16 min 1 max 33554432");
        let ups: Vec<String> = ["1", "9", "10", "16", "99", "100", "33554432"]
            .iter()
            .map(|v| stepped(&hash, v, 1).unwrap())
            .collect();
        assert_eq!(ups, ["2", "10", "20", "20", "100", "200", "33554432"]);
        let downs: Vec<String> = ["1", "10", "20", "100", "26"]
            .iter()
            .map(|v| stepped(&hash, v, -1).unwrap())
            .collect();
        assert_eq!(downs, ["1", "9", "10", "90", "20"]);
        let skill = option("option name Skill Level type spin default 20 min 0 max 20");
        assert_eq!(stepped(&skill, "10", 1).unwrap(), "11");
        assert_eq!(stepped(&skill, "20", 1).unwrap(), "20");
        let contempt = option("option name Contempt type spin default 0 min -1000 max 1000");
        assert_eq!(stepped(&contempt, "0", -1).unwrap(), "-1");
        assert_eq!(stepped(&contempt, "-10", -1).unwrap(), "-20");
        assert_eq!(stepped(&contempt, "-10", 1).unwrap(), "-9");
    }

    #[test]
    fn checks_turn_over_and_combos_go_round() {
        let ponder = option("option name Ponder type check default false");
        assert_eq!(stepped(&ponder, "false", 1).unwrap(), "true");
        assert_eq!(stepped(&ponder, "true", -1).unwrap(), "false");
        let style =
            option("option name Style type combo default Normal var Solid var Normal var Risky");
        assert_eq!(stepped(&style, "Normal", 1).unwrap(), "Risky");
        assert_eq!(stepped(&style, "Risky", 1).unwrap(), "Solid");
        assert_eq!(stepped(&style, "solid", -1).unwrap(), "Risky");
        let file = option("option name EvalFile type string default a.nnue");
        assert_eq!(stepped(&file, "a.nnue", 1), None);
    }

    #[test]
    fn only_values_other_than_the_default_are_stored() {
        let hash = option("option name Hash type spin default 16 min 1 max 4096");
        let mut e = entry();
        set(&mut e, &hash, "64").unwrap();
        assert_eq!(e.options, [("Hash".to_string(), "64".to_string())]);
        assert_eq!(value_of(&e, &hash), "64");
        let why = set(&mut e, &hash, "0").unwrap_err().to_string();
        assert!(why.contains("outside 1..4096"), "{why}");
        assert_eq!(value_of(&e, &hash), "64", "a refused value is not stored");
        set(&mut e, &hash, " 16 ").unwrap();
        assert!(e.options.is_empty(), "the default is not stored");
        assert_eq!(value_of(&e, &hash), "16");
        let clear = option("option name Clear Hash type button");
        assert!(!pressed(&e, &clear));
        set(&mut e, &clear, "").unwrap();
        assert!(pressed(&e, &clear));
        reset(&mut e, &clear);
        assert!(e.options.is_empty());
        let style =
            option("option name Style type combo default Normal var Solid var Normal var Risky");
        set(&mut e, &style, "risky").unwrap();
        assert_eq!(value_of(&e, &style), "Risky");
        set(&mut e, &style, "normal").unwrap();
        assert!(e.options.is_empty());
    }
}
