//! What the player does to the world from the viewer: throws a ball, adds a
//! body that walks by itself, blasts a hole.

use glam::{DVec3, IVec3};

use super::App;
use crate::viewer::wander::Wanderer;
use voxwalk::block::BlockId;
use voxwalk::controller::{Ball, Body};
use voxwalk::geometry::{Aabb, overlap_sphere_box};

impl App {
    fn eye(&self) -> DVec3 {
        let b = self.player().aabb;
        DVec3::new(
            b.center().x,
            b.min.y + 0.85 * (b.max.y - b.min.y),
            b.center().z,
        )
    }

    pub(super) fn throw_ball(&mut self) {
        let ahead = DVec3::new(self.facing.x, 0.0, self.facing.y);
        let velocity = ahead * 9.0 + DVec3::new(0.0, 3.0, 0.0) + self.player().velocity;
        match Ball::new(self.eye() + ahead * 0.6, 0.25, velocity) {
            Ok(ball) => {
                self.sim.add_ball(ball);
                self.message = format!("ball {} thrown", self.sim.balls().len());
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    pub(super) fn add_wanderer(&mut self) {
        let ahead = DVec3::new(self.facing.x, 0.0, self.facing.y) * 1.5;
        match Body::new(self.player().feet() + ahead, Body::DEFAULT_SIZE) {
            Ok(body) => {
                self.sim.add_body(body);
                // Bodies are only ever added here, so a new one is last.
                let index = self.sim.bodies().len() - 1;
                self.wanderers.push(Wanderer::new(index, index as u64));
                self.message = format!("wanderer {index} added");
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// Clears every block whose cell the sphere (radius 2.5, three blocks ahead
    /// at eye height) overlaps: the sphere–box query of the core.
    pub(super) fn blast(&mut self) {
        const RADIUS: f64 = 2.5;
        let centre = self.eye() + DVec3::new(self.facing.x, 0.0, self.facing.y) * 3.0;
        let lo = (centre - RADIUS).floor().as_ivec3();
        let hi = (centre + RADIUS).floor().as_ivec3();
        let mut cleared = 0;
        let world = self.sim.world_mut();
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let cell = IVec3::new(x, y, z);
                    let cell_box = Aabb::new(cell.as_dvec3(), cell.as_dvec3() + DVec3::ONE);
                    if world.block(cell) != BlockId::AIR
                        && overlap_sphere_box(centre, RADIUS, &cell_box)
                    {
                        world.set_block(cell, BlockId::AIR);
                        cleared += 1;
                    }
                }
            }
        }
        self.message = format!("blast cleared {cleared} blocks");
    }
}
