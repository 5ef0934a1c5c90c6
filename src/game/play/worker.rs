//! The thread a search runs on: its own, not the task pool's, and in the
//! game at idle priority, so the frame never waits for the AI.

use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Whether searches run at idle priority: set by the game's `run` (a window and
/// a renderer to give way to), left off in tests, where parallel tests keep
/// the cores busy and an idle search would hardly run.
static SEARCH_AT_IDLE_PRIORITY: AtomicBool = AtomicBool::new(false);

/// Makes the searches started from now on run at idle priority.
pub(crate) fn search_at_idle_priority() {
    SEARCH_AT_IDLE_PRIORITY.store(true, Ordering::Relaxed);
}

/// Runs `search` on a thread of its own and waits for its answer without
/// holding the pool's thread, which Bevy also uses (pipeline compiles,
/// screenshots). In the game that thread is in the idle scheduling class: on
/// a two-core machine rendering can keep both cores busy, and a search at
/// normal priority halves the frame rate (and nice 10 does not help). Every
/// level has a wall-clock budget, so a search starved by other programs
/// plays weaker, never later. Unprivileged threads cannot leave the class,
/// which is why the search does not run on a pool thread.
pub(crate) async fn off_the_pool<T: Send + 'static>(
    search: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = async_channel::bounded(1);
    // Taken by the thread, or taken back to run here if no thread can start.
    let job = Arc::new(Mutex::new(Some(search)));
    let taken = job.clone();
    let spawned = std::thread::Builder::new()
        .name("xiangqi search".into())
        .spawn(move || {
            if SEARCH_AT_IDLE_PRIORITY.load(Ordering::Relaxed) {
                idle_priority();
            }
            let search = taken.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(search) = search {
                let _ = tx.send_blocking(search());
            }
        });
    if let Err(e) = spawned {
        warn!("no thread for the search ({e}); searching on the pool");
        let search = job.lock().unwrap_or_else(PoisonError::into_inner).take();
        return search.map(|f| f());
    }
    rx.recv().await.ok()
}

/// Puts the calling thread in the idle scheduling class (Linux).
fn idle_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: a system call on the current thread with a valid parameter block.
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        // Thread id 0: the calling thread only.
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
}
