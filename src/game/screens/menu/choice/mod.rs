//! What the menu's choices change — the mode, the AI's levels, Start, Quit,
//! the language — from its buttons and its keys alike.

use super::*;
use crate::game::play::session::Computer;

/// What the menu's choices change, for buttons and keys alike.
#[derive(SystemParam)]
pub(super) struct MenuChoice<'w> {
    setup: ResMut<'w, GameSetup>,
    focus: ResMut<'w, MenuFocus>,
    next: ResMut<'w, NextState<Screen>>,
    exit: MessageWriter<'w, AppExit>,
    settings: Option<ResMut<'w, UserSettings>>,
    rating: Res<'w, crate::game::play::rating::PlayerRating>,
}

impl MenuChoice<'_> {
    fn apply(&mut self, action: MenuAction) {
        let setup = &mut *self.setup;
        match action {
            MenuAction::Mode(m) => setup.players.mode = m,
            MenuAction::Level(side, level) | MenuAction::Tier(side, level) => {
                let level = level.clamp(1, MAX_LEVEL);
                // Black's row only in AI vs AI: else the one AI's.
                let row = setup.players.row(side);
                setup.players.computers[row] = Computer::builtin(level);
                self.focus.black = row == Side::Black;
            }
            MenuAction::Engine(side, i) => {
                let Some(name) = self
                    .settings
                    .as_deref()
                    .and_then(|s| s.engines.engines.get(usize::from(i)))
                    .map(|e| e.name.clone())
                else {
                    return;
                };
                let row = setup.players.row(side);
                *engine_of_mut(setup, row) = Some(name);
                self.focus.black = row == Side::Black;
            }
            MenuAction::Skill(side, step) => {
                let Some(name) = engine_of(setup, side).clone() else {
                    return;
                };
                if let Some(settings) = self.settings.as_mut()
                    && let Some(entry) =
                        settings.engines.engines.iter_mut().find(|e| e.name == name)
                {
                    entry.step_skill(i32::from(step));
                }
            }
            MenuAction::Strength(side, step) => {
                let Some(name) = engine_of(setup, side).clone() else {
                    return;
                };
                if let Some(settings) = self.settings.as_mut()
                    && let Some(entry) =
                        settings.engines.engines.iter_mut().find(|e| e.name == name)
                {
                    entry.strength = entry.strength.step(i32::from(step));
                }
            }
            MenuAction::Suggested => {
                let said = self.settings.as_ref().and_then(|s| s.experience);
                if let Some(level) = self
                    .rating
                    .peek()
                    .and_then(|p| super::rating::suggested_level(p, said))
                {
                    setup.players.computers.red.level = level;
                    self.focus.black = false;
                }
            }
            MenuAction::Start => {
                // The next start of the game offers the same choice.
                if let Some(settings) = self.settings.as_mut()
                    && settings.players != setup.players
                {
                    settings.players = setup.players.clone();
                }
                self.next.set(Screen::Playing);
            }
            MenuAction::Quit => {
                self.exit.write(AppExit::Success);
            }
            MenuAction::Language => {
                if let Some(settings) = self.settings.as_mut() {
                    settings.toggle_language();
                }
            }
        }
    }
}

pub(super) fn menu_buttons(mut actions: MessageReader<MenuAction>, mut menu: MenuChoice) {
    for &action in actions.read() {
        menu.apply(action);
    }
}

pub(super) fn menu_keys(keys: Res<ButtonInput<KeyCode>>, mut menu: MenuChoice) {
    let setup = &*menu.setup;
    let mode_index = MODES
        .iter()
        .position(|(m, _)| *m == setup.players.mode)
        .unwrap_or(0);
    // Shift sets Black's AI in AI vs AI.
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let side = if setup.players.mode == Mode::AiVsAi && shift {
        Side::Black
    } else {
        Side::Red
    };
    let level = setup.players.computers[side].level;
    let mut action = None;
    if keys.just_pressed(KeyCode::ArrowUp) {
        action = Some(MenuAction::Mode(MODES[(mode_index + 3) % 4].0));
    } else if keys.just_pressed(KeyCode::ArrowDown) {
        action = Some(MenuAction::Mode(MODES[(mode_index + 1) % 4].0));
    } else if keys.just_pressed(KeyCode::ArrowLeft) {
        action = Some(MenuAction::Level(side, level.saturating_sub(1).max(1)));
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        action = Some(MenuAction::Level(side, (level + 1).min(MAX_LEVEL)));
    } else if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        action = Some(MenuAction::Start);
    } else if keys.just_pressed(KeyCode::KeyQ) {
        action = Some(MenuAction::Quit);
    } else if keys.just_pressed(KeyCode::KeyL) {
        action = Some(MenuAction::Language);
    }
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    for (i, key) in digits.iter().enumerate() {
        if keys.just_pressed(*key) && i < MAX_LEVEL as usize {
            action = Some(MenuAction::Level(side, i as u8 + 1));
        }
    }
    if let Some(action) = action {
        menu.apply(action);
    }
}

#[cfg(test)]
mod tests;
