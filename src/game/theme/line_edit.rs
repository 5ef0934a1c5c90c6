//! One line of typed text, shared by every field the game types into (a
//! move's comment, a path to open or import, the explorer's player): the
//! keys that edit it and the keys that end it.

use bevy::input::ButtonInput;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput};

/// Takes the keys away from everything else while a line or a card has the
/// keyboard (no move, no shortcut hears them), all but the screenshot key
/// (F12), which the game still answers.
pub fn take_keys(keys: &mut ButtonInput<KeyCode>) {
    let screenshot = keys.just_pressed(KeyCode::F12);
    keys.reset_all();
    if screenshot {
        keys.press(KeyCode::F12);
    }
}

/// What a key did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKey {
    /// Enter: the line is done.
    Enter,
    /// Esc: the line is dropped.
    Escape,
    /// The text changed (typed or erased).
    Edited,
    /// A key that does nothing here (a release, an arrow, a function key).
    Ignored,
}

/// Applies `key` to `text`: typed characters (control characters left out)
/// are added, Backspace takes the last one off.
pub fn edit_line(text: &mut String, key: &KeyboardInput) -> LineKey {
    if !key.state.is_pressed() {
        return LineKey::Ignored;
    }
    match &key.logical_key {
        Key::Enter => LineKey::Enter,
        Key::Escape => LineKey::Escape,
        Key::Backspace => {
            text.pop();
            LineKey::Edited
        }
        other => {
            // The character the layout gives the key; else the text it
            // types (an input method's, say).
            let typed = match other {
                Key::Character(c) => Some(c.to_string()),
                Key::Space => Some(" ".to_string()),
                _ => key.text.as_ref().map(|t| t.to_string()),
            };
            match typed {
                Some(t) if t.chars().any(|c| !c.is_control()) => {
                    text.extend(t.chars().filter(|c| !c.is_control()));
                    LineKey::Edited
                }
                _ => LineKey::Ignored,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_takes_every_key_but_the_screenshot_key() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyA);
        keys.press(KeyCode::Enter);
        take_keys(&mut keys);
        assert_eq!(keys.get_just_pressed().count(), 0);
        keys.press(KeyCode::KeyB);
        keys.press(KeyCode::F12);
        take_keys(&mut keys);
        assert!(keys.just_pressed(KeyCode::F12));
        assert!(!keys.pressed(KeyCode::KeyB));
    }
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{KeyCode, NativeKey};
    use bevy::prelude::Entity;

    fn key(logical: Key, text: Option<&str>, state: ButtonState) -> KeyboardInput {
        KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: logical,
            state,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn keys_type_erase_and_end_the_line() {
        let mut line = String::new();
        let press = ButtonState::Pressed;
        assert_eq!(
            edit_line(
                &mut line,
                &key(Key::Character("许".into()), Some("许"), press)
            ),
            LineKey::Edited
        );
        assert_eq!(
            edit_line(&mut line, &key(Key::Character("a".into()), None, press)),
            LineKey::Edited
        );
        assert_eq!(
            edit_line(&mut line, &key(Key::Space, None, press)),
            LineKey::Edited
        );
        assert_eq!(line, "许a ");
        assert_eq!(
            edit_line(&mut line, &key(Key::Backspace, None, press)),
            LineKey::Edited
        );
        assert_eq!(line, "许a");
        // A release, a key that types nothing, a control character.
        assert_eq!(
            edit_line(
                &mut line,
                &key(Key::Character("b".into()), Some("b"), ButtonState::Released)
            ),
            LineKey::Ignored
        );
        assert_eq!(
            edit_line(&mut line, &key(Key::ArrowLeft, None, press)),
            LineKey::Ignored
        );
        assert_eq!(
            edit_line(
                &mut line,
                &key(
                    Key::Unidentified(NativeKey::Unidentified),
                    Some("\u{7}"),
                    press
                )
            ),
            LineKey::Ignored
        );
        assert_eq!(line, "许a");
        assert_eq!(
            edit_line(&mut line, &key(Key::Enter, Some("\r"), press)),
            LineKey::Enter
        );
        assert_eq!(
            edit_line(&mut line, &key(Key::Escape, None, press)),
            LineKey::Escape
        );
        assert_eq!(line, "许a");
    }
}
