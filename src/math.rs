//! The transcendental functions the simulation uses, the same to the bit on
//! every platform.
//!
//! `f64::powf`, `hypot`, `sin` and the rest call the platform's maths
//! library, whose last bits differ between implementations (glibc, macOS,
//! musl, the one compiled into a `wasm32` build): two machines running the
//! same inputs would drift apart after one such call. Every transcendental a
//! tick computes goes through here instead, to the `libm` crate (a pure-Rust
//! port of musl's), which computes the same bits wherever it is compiled.
//!
//! The rest of a tick's arithmetic is IEEE 754 on `f64` and `f32`: `+ − × ÷`
//! and `sqrt` are correctly rounded, so the same everywhere; Rust never fuses
//! `a * b + c` into one rounding unless asked (`mul_add`, which the
//! simulation does not use), and voxwalk compiles no fast-math.
//!
//! The guarantee, and its limits: the same world, settings, bodies and
//! inputs give the same bits on x86-64 and `wasm32` (checked in CI, tick by
//! tick, over the scenarios at two tick rates), and on any platform whose
//! Rust follows IEEE 754 for `f64` (every tier-1 and tier-2 target with
//! hardware or soft floats). Not covered: x87 80-bit arithmetic (32-bit x86
//! without SSE2), and what a game computes itself before it hands voxwalk
//! its inputs.

/// `base` raised to `exponent`.
///
/// ```
/// assert_eq!(voxwalk::math::powf(0.91, 1.0 / 3.0), libm::pow(0.91, 1.0 / 3.0));
/// ```
#[inline]
#[must_use]
pub fn powf(base: f64, exponent: f64) -> f64 {
    libm::pow(base, exponent)
}

/// `√(x² + y²)`, without overflow for large `x`, `y`.
#[inline]
#[must_use]
pub fn hypot(x: f64, y: f64) -> f64 {
    libm::hypot(x, y)
}

/// The sine and cosine of `radians`.
#[inline]
#[must_use]
pub fn sin_cos(radians: f64) -> (f64, f64) {
    libm::sincos(radians)
}

/// The angle whose cosine is `x`, in `[0, π]` (NaN outside `[-1, 1]`).
#[inline]
#[must_use]
pub fn acos(x: f64) -> f64 {
    libm::acos(x)
}
