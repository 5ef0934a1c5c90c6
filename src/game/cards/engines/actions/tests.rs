//! The engine card's paging.

use super::*;

#[test]
fn pages_stop_at_both_ends() {
    assert_eq!(turn_page(0, -1, 20, 9), 0);
    assert_eq!(turn_page(0, 1, 20, 9), 1);
    assert_eq!(turn_page(2, 1, 20, 9), 2);
    assert_eq!(turn_page(1, 5, 9, 9), 0);
    assert_eq!(turn_page(0, 1, 0, 9), 0);
}
