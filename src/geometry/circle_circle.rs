//! Circle–circle (2-D) and sphere–sphere (3-D) contact, and how a contact is split
//! between two bodies.

use glam::{DVec2, DVec3};

/// Where two round bodies overlap: the unit `normal` from the first centre towards
/// the second, and the overlap `depth` along it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact<V> {
    /// Unit vector from the first body towards the second.
    pub normal: V,
    /// How far the bodies overlap along `normal` (positive).
    pub depth: f64,
}

/// The contact of two circles, `None` when apart or just touching.
///
/// Concentric circles have no direction to separate along; they are given `+x`.
///
/// ```
/// use voxwalk::glam::DVec2;
/// use voxwalk::geometry::contact_circle_circle;
/// let c = contact_circle_circle(DVec2::ZERO, 1.0, DVec2::new(1.5, 0.0), 1.0).unwrap();
/// assert_eq!(c.normal, DVec2::X);
/// assert_eq!(c.depth, 0.5);
/// assert!(contact_circle_circle(DVec2::ZERO, 1.0, DVec2::new(2.0, 0.0), 1.0).is_none());
/// ```
#[must_use]
pub fn contact_circle_circle(a: DVec2, ra: f64, b: DVec2, rb: f64) -> Option<Contact<DVec2>> {
    contact_balls(a.to_array(), ra, b.to_array(), rb).map(|(n, depth)| Contact {
        normal: DVec2::from_array(n),
        depth,
    })
}

/// The contact of two spheres, `None` when apart or just touching.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::contact_sphere_sphere;
/// let c = contact_sphere_sphere(DVec3::ZERO, 0.5, DVec3::new(0.0, 0.0, -0.6), 0.5).unwrap();
/// assert_eq!(c.normal, DVec3::NEG_Z);
/// assert!((c.depth - 0.4).abs() < 1e-12);
/// ```
#[must_use]
pub fn contact_sphere_sphere(a: DVec3, ra: f64, b: DVec3, rb: f64) -> Option<Contact<DVec3>> {
    contact_balls(a.to_array(), ra, b.to_array(), rb).map(|(n, depth)| Contact {
        normal: DVec3::from_array(n),
        depth,
    })
}

fn contact_balls<const N: usize>(
    a: [f64; N],
    ra: f64,
    b: [f64; N],
    rb: f64,
) -> Option<([f64; N], f64)> {
    let mut offset = [0.0; N];
    for i in 0..N {
        offset[i] = b[i] - a[i];
    }
    let distance = offset.iter().map(|x| x * x).sum::<f64>().sqrt();
    let reach = ra + rb;
    if distance >= reach {
        return None;
    }
    let mut normal = [0.0; N];
    if distance > 0.0 {
        for i in 0..N {
            normal[i] = offset[i] / distance;
        }
    } else {
        normal[0] = 1.0;
    }
    Some((normal, reach - distance))
}

/// Whether a body may be moved by a contact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Mobility {
    /// Never moved by contacts (a post, a parked cart).
    Static,
    /// Moved by contacts.
    Dynamic,
}

/// How far each of two overlapping bodies moves to end their contact: the first
/// along `-normal`, the second along `+normal`.
///
/// A static body does not move and the other takes the whole depth; two dynamic
/// bodies each move half. Two static bodies stay where they are.
///
/// ```
/// use voxwalk::glam::DVec2;
/// use voxwalk::geometry::{Contact, Mobility, separation};
/// let c = Contact { normal: DVec2::X, depth: 0.5 };
/// let (a, b) = separation(&c, Mobility::Dynamic, Mobility::Dynamic);
/// assert_eq!((a, b), (DVec2::new(-0.25, 0.0), DVec2::new(0.25, 0.0)));
/// let (a, b) = separation(&c, Mobility::Static, Mobility::Dynamic);
/// assert_eq!((a, b), (DVec2::ZERO, DVec2::new(0.5, 0.0)));
/// ```
#[must_use]
pub fn separation<V>(contact: &Contact<V>, a: Mobility, b: Mobility) -> (V, V)
where
    V: Copy + Default + std::ops::Mul<f64, Output = V> + std::ops::Neg<Output = V>,
{
    let mtv = contact.normal * contact.depth;
    match (a, b) {
        (Mobility::Static, Mobility::Static) => (V::default(), V::default()),
        (Mobility::Static, Mobility::Dynamic) => (V::default(), mtv),
        (Mobility::Dynamic, Mobility::Static) => (-mtv, V::default()),
        (Mobility::Dynamic, Mobility::Dynamic) => (-(mtv * 0.5), mtv * 0.5),
    }
}
