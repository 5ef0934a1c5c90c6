//! Which games the explorer counts: the player's own or everyone's, the
//! years (stepped through [`year_stops`]), a player's name typed into its
//! line; and the page of games listed.

use super::{Explorer, ExplorerCommand, PAGE};
use crate::game::theme::line_edit::{LineKey, edit_line, take_keys};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

impl Explorer {
    /// Changes which games count, or the page listed.
    pub(super) fn choose_games(&mut self, command: &ExplorerCommand) {
        match command {
            ExplorerCommand::Page(step) => {
                let last_page = self
                    .answer
                    .as_ref()
                    .map_or(0, |a| a.table.games.saturating_sub(1) / PAGE);
                self.page =
                    (i64::from(self.page) + i64::from(*step)).clamp(0, i64::from(last_page)) as u32;
            }
            ExplorerCommand::MineOnly(mine) => {
                self.filter.mine_only = *mine;
                self.page = 0;
            }
            ExplorerCommand::Since(step) => {
                let since = step_year(&year_stops(), self.filter.since.as_deref(), *step, true);
                // The range never turns round: the end moves with the start.
                if let (Some(s), Some(u)) = (&since, &self.filter.until)
                    && s > u
                {
                    self.filter.until = Some(s.clone());
                }
                self.filter.since = since;
                self.page = 0;
            }
            ExplorerCommand::Until(step) => {
                let until = step_year(&year_stops(), self.filter.until.as_deref(), *step, false);
                if let (Some(s), Some(u)) = (&self.filter.since, &until)
                    && s > u
                {
                    self.filter.since = Some(u.clone());
                }
                self.filter.until = until;
                self.page = 0;
            }
            ExplorerCommand::PlayerField => {
                self.typing = match self.typing {
                    Some(_) => None,
                    None => Some(self.filter.player.clone().unwrap_or_default()),
                };
            }
            ExplorerCommand::Player(name) => {
                self.filter.player = name
                    .as_deref()
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string);
                self.typing = None;
                self.page = 0;
            }
            ExplorerCommand::OpeningFilter => {
                self.filter.opening = next_opening_filter(
                    self.filter.opening.as_deref(),
                    self.opening().map(|o| o.code),
                );
                self.page = 0;
            }
            ExplorerCommand::Toggle | ExplorerCommand::PlayRow(_) | ExplorerCommand::OpenRow(_) => {
            }
        }
    }
}

/// The opening filter after `now`, one step on: off → `code` (the shown
/// opening's, C20) → its family (C2) → its letter (C) → off. A filter set
/// for another opening starts again from the shown one; with no opening
/// shown, a filter only narrows to off.
fn next_opening_filter(now: Option<&str>, code: Option<&str>) -> Option<String> {
    let code = code?;
    let next_len = match now {
        None => 3,
        Some(f) if code.starts_with(f) && f.len() > 1 => f.len() - 1,
        Some(f) if code.starts_with(f) => return None,
        Some(_) => 3,
    };
    code.get(..next_len).map(str::to_string)
}

/// The years the date filter steps through, oldest first: decades, then
/// closer together, then every year from 2024 to this one. Before the first
/// and after the last is "any".
pub fn year_stops() -> Vec<u16> {
    let this_year = crate::store::UtcTime::now()
        .pgn_date()
        .get(..4)
        .and_then(|y| y.parse::<u16>().ok())
        .unwrap_or(2026);
    let mut stops = vec![
        1950, 1960, 1970, 1980, 1990, 2000, 2005, 2010, 2015, 2018, 2020, 2022,
    ];
    stops.extend(2024..=this_year.max(2024));
    stops
}

/// The year `step` stops from `year` among `stops` (`None` = any: below
/// the first stop for a start, above the last for an end).
fn step_year(stops: &[u16], year: Option<&str>, step: i32, is_start: bool) -> Option<String> {
    let n = stops.len() as i32;
    // Index among the stops; "any" is -1 for a start, n for an end.
    let at = match year
        .and_then(|y| y.get(..4))
        .and_then(|y| y.parse::<u16>().ok())
    {
        Some(y) => stops
            .iter()
            .position(|&s| s >= y)
            .map_or(n - 1, |i| i as i32),
        None if is_start => -1,
        None => n,
    };
    let to = (at + step).clamp(-1, n);
    (0..n).contains(&to).then(|| stops[to as usize].to_string())
}

/// Keys type the player's name while the line is open; Enter chooses the
/// games of that player (an empty line: everyone's), Esc closes the line.
pub(super) fn type_player(
    mut explorer: ResMut<Explorer>,
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<ExplorerCommand>,
) {
    if explorer.typing.is_none() {
        typed.clear();
        return;
    }
    let explorer = &mut *explorer;
    let Some(line) = explorer.typing.as_mut() else {
        return;
    };
    for key in typed.read() {
        match edit_line(line, key) {
            LineKey::Enter => {
                commands.write(ExplorerCommand::Player(Some(line.clone())));
            }
            LineKey::Escape => {
                explorer.typing = None;
                break;
            }
            LineKey::Edited | LineKey::Ignored => {}
        }
    }
    take_keys(&mut keys);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_filter_widens_from_the_code_to_its_letter_then_is_off() {
        let step = |now: Option<&str>| next_opening_filter(now, Some("C20"));
        assert_eq!(step(None).as_deref(), Some("C20"));
        assert_eq!(step(Some("C20")).as_deref(), Some("C2"));
        assert_eq!(step(Some("C2")).as_deref(), Some("C"));
        assert_eq!(step(Some("C")), None);
        // Set for another opening: back to the shown one's code.
        assert_eq!(step(Some("B0")).as_deref(), Some("C20"));
        // No opening shown: off.
        assert_eq!(next_opening_filter(Some("C2"), None), None);
    }

    #[test]
    fn the_years_step_through_the_stops_and_any() {
        let stops = [1990, 2000, 2010];
        assert_eq!(step_year(&stops, None, 1, true).as_deref(), Some("1990"));
        assert_eq!(
            step_year(&stops, Some("1990"), 1, true).as_deref(),
            Some("2000")
        );
        assert_eq!(
            step_year(&stops, Some("1990"), -1, true),
            None,
            "back to any"
        );
        assert_eq!(step_year(&stops, None, -1, true), None, "any stays any");
        assert_eq!(
            step_year(&stops, Some("2010"), 1, true),
            None,
            "past the last: any"
        );
        assert_eq!(step_year(&stops, None, -1, false).as_deref(), Some("2010"));
        assert_eq!(step_year(&stops, None, 1, false), None);
        // A year between stops goes to the next stop's neighbours.
        assert_eq!(
            step_year(&stops, Some("1995"), 1, true).as_deref(),
            Some("2010")
        );
        assert_eq!(
            step_year(&stops, Some("1995"), -1, true).as_deref(),
            Some("1990")
        );
        let all = year_stops();
        assert!(all.windows(2).all(|w| w[0] < w[1]), "{all:?}");
        assert!(*all.last().unwrap() >= 2026);
    }
}
