//! What a world must be to be shared between the threads that tick bodies:
//! `Sync` with the `parallel` feature, nothing without it.

/// `Sync` when the `parallel` feature is on (bodies may be ticked on
/// several threads, each reading the world), and every type otherwise: a
/// game built without threads can simulate a world that cannot be shared,
/// and its code names the same bound either way.
#[cfg(feature = "parallel")]
pub trait SyncIfParallel: Sync {}

#[cfg(feature = "parallel")]
impl<T: Sync + ?Sized> SyncIfParallel for T {}

/// `Sync` when the `parallel` feature is on (bodies may be ticked on
/// several threads, each reading the world), and every type otherwise: a
/// game built without threads can simulate a world that cannot be shared,
/// and its code names the same bound either way.
#[cfg(not(feature = "parallel"))]
pub trait SyncIfParallel {}

#[cfg(not(feature = "parallel"))]
impl<T: ?Sized> SyncIfParallel for T {}
