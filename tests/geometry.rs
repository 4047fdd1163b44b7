//! The instantaneous tests: the five sphere–box overlaps agree, push-outs separate.

use glam::{DVec2, DVec3};
use proptest::prelude::*;
use voxwalk::geometry::{
    Aabb, Mobility, Rect, contact_circle_circle, contact_sphere_sphere, overlap_sphere_box,
    penetration_depths_box_box, push_out_box_box, push_out_circle_box, push_out_sphere_box,
    separation,
};

#[path = "../benches/support/sphere_box_overlap.rs"]
mod sphere_box_overlap;

fn all_five(c: DVec3, r: f64, b: &Aabb) -> [bool; 5] {
    [
        sphere_box_overlap::arvo(c, r, b),
        sphere_box_overlap::quick_rejection_interleaved(c, r, b),
        sphere_box_overlap::quick_rejection_first(c, r, b),
        sphere_box_overlap::branch_free(c, r, b),
        sphere_box_overlap::folded(c, r, b.center(), b.size() * 0.5),
    ]
}

fn vec3(range: std::ops::Range<f64>) -> impl Strategy<Value = DVec3> {
    (range.clone(), range.clone(), range).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// On a dyadic grid every variant computes exactly, so they must agree exactly,
    /// touching (distance = r) included.
    #[test]
    fn sphere_box_variants_agree_exactly_on_a_grid(
        c in (-64..64i32, -64..64i32, -64..64i32), r in 0..48i32,
        lo in (-32..32i32, -32..32i32, -32..32i32), size in (0..32i32, 0..32i32, 0..32i32),
    ) {
        let q = |v: (i32, i32, i32)| DVec3::new(v.0.into(), v.1.into(), v.2.into()) / 16.0;
        let b = Aabb::new(q(lo), q(lo) + q(size));
        let got = all_five(q(c), f64::from(r) / 16.0, &b);
        prop_assert!(got.iter().all(|&g| g == got[0]), "variants disagree: {got:?}");
    }

    /// On arbitrary floats they agree wherever the answer is not decided by rounding.
    #[test]
    fn sphere_box_variants_agree_away_from_tangency(c in vec3(-5.0..5.0), r in 0.0..3.0f64, lo in vec3(-2.0..2.0), size in vec3(0.0..3.0)) {
        let b = Aabb::new(lo, lo + size);
        let d2 = c.distance_squared(c.clamp(b.min, b.max));
        prop_assume!((d2 - r * r).abs() > 1e-9);
        let got = all_five(c, r, &b);
        prop_assert!(got.iter().all(|&g| g == got[0]), "variants disagree: {got:?}");
        prop_assert_eq!(got[0], d2 < r * r);
    }

    /// After the push the sphere touches the box: its distance to it is the radius.
    #[test]
    fn sphere_push_out_leaves_the_sphere_touching(c in vec3(-3.0..3.0), r in 0.05..2.0f64, lo in vec3(-1.0..1.0), size in vec3(0.1..2.0)) {
        let b = Aabb::new(lo, lo + size);
        match push_out_sphere_box(c, r, &b) {
            None => prop_assert!(!overlap_sphere_box(c, r, &b)),
            Some(p) => {
                let moved = c + p;
                let d = moved.distance(moved.clamp(b.min, b.max));
                prop_assert!((d - r).abs() < 1e-9, "distance {d} after push, radius {r}");
                prop_assert!(!overlap_sphere_box(moved, r - 1e-9, &b));
            }
        }
    }

    /// The circle form is the sphere form in a plane: same push, z left alone.
    #[test]
    fn circle_push_out_is_the_sphere_push_out_in_a_plane(c in (-3.0..3.0f64, -3.0..3.0f64), r in 0.05..2.0f64, lo in (-1.0..1.0f64, -1.0..1.0f64), size in (0.1..2.0f64, 0.1..2.0f64)) {
        let rect = Rect::new(DVec2::new(lo.0, lo.1), DVec2::new(lo.0 + size.0, lo.1 + size.1));
        // A box deep in z whose z faces are never the nearest.
        let slab = Aabb::new(DVec3::new(lo.0, lo.1, -100.0), DVec3::new(lo.0 + size.0, lo.1 + size.1, 100.0));
        let flat = push_out_circle_box(DVec2::new(c.0, c.1), r, &rect);
        let deep = push_out_sphere_box(DVec3::new(c.0, c.1, 0.0), r, &slab);
        prop_assert_eq!(flat.map(|p| p.to_array()), deep.map(|p| [p.x, p.y]));
    }

    /// The box push-out separates along the least-penetrated axis, to touching.
    #[test]
    fn box_push_out_is_least_penetration_to_touching(a in vec3(-2.0..2.0), sa in vec3(0.1..2.0), b in vec3(-2.0..2.0), sb in vec3(0.1..2.0)) {
        let (a, b) = (Aabb::new(a, a + sa), Aabb::new(b, b + sb));
        let depth = penetration_depths_box_box(&a, &b);
        match push_out_box_box(&a, &b) {
            None => prop_assert!(!a.overlaps_beyond(&b, 0.0)),
            Some(p) => {
                prop_assert!((p.length() - depth.min_element()).abs() < 1e-12);
                let moved = a.translated(p);
                prop_assert!(!moved.overlaps_beyond(&b, 1e-12));
                // Touching along the pushed axis: no gap, no overlap.
                let axis = p.abs().max_position();
                prop_assert!(penetration_depths_box_box(&moved, &b)[axis].abs() < 1e-12);
            }
        }
    }

    /// Pushing two overlapping circles apart by the rule leaves them touching.
    #[test]
    fn separated_circles_end_touching(a in (-2.0..2.0f64, -2.0..2.0f64), b in (-2.0..2.0f64, -2.0..2.0f64), ra in 0.1..1.5f64, rb in 0.1..1.5f64, a_static in any::<bool>()) {
        let (a, b) = (DVec2::new(a.0, a.1), DVec2::new(b.0, b.1));
        prop_assume!(a.distance(b) > 1e-6);
        if let Some(contact) = contact_circle_circle(a, ra, b, rb) {
            let ma = if a_static { Mobility::Static } else { Mobility::Dynamic };
            let (pa, pb) = separation(&contact, ma, Mobility::Dynamic);
            if a_static { prop_assert_eq!(pa, DVec2::ZERO); } else { prop_assert!((pa.length() - pb.length()).abs() < 1e-12); }
            prop_assert!(((a + pa).distance(b + pb) - (ra + rb)).abs() < 1e-9);
        }
    }
}

#[test]
fn sphere_sphere_contact_matches_the_circle_form_in_a_plane() {
    let flat = contact_circle_circle(DVec2::new(1.0, 2.0), 1.0, DVec2::new(2.0, 3.0), 1.0).unwrap();
    let deep = contact_sphere_sphere(
        DVec3::new(1.0, 2.0, 7.0),
        1.0,
        DVec3::new(2.0, 3.0, 7.0),
        1.0,
    )
    .unwrap();
    assert_eq!(flat.normal.to_array(), [deep.normal.x, deep.normal.y]);
    assert_eq!(flat.depth, deep.depth);
    assert_eq!(deep.normal.z, 0.0);
}

#[test]
fn two_static_bodies_do_not_move() {
    let c = contact_sphere_sphere(DVec3::ZERO, 1.0, DVec3::X, 1.0).unwrap();
    assert_eq!(
        separation(&c, Mobility::Static, Mobility::Static),
        (DVec3::ZERO, DVec3::ZERO)
    );
    let (a, b) = separation(&c, Mobility::Dynamic, Mobility::Static);
    assert_eq!((a, b), (DVec3::new(-1.0, 0.0, 0.0), DVec3::ZERO));
}

#[test]
fn a_sphere_centred_inside_a_box_leaves_through_the_nearest_face() {
    let b = Aabb::new(DVec3::ZERO, DVec3::new(4.0, 2.0, 6.0));
    // Nearest face: z = 0, 0.5 away; out by 0.5 + r.
    let p = push_out_sphere_box(DVec3::new(2.0, 1.0, 0.5), 0.25, &b).unwrap();
    assert_eq!(p, DVec3::new(0.0, 0.0, -0.75));
}
