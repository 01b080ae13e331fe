//! Present mode (`present=1`) and the epoch play's speed (`speed=`): how a lecturer shows the
//! comparison on a projector. Both live in the URL beside the picture's own parameters.

/// The speeds the epoch play offers, as `speed=` spells them, with their factor.
pub const SPEEDS: [(&str, f64); 4] = [("0.5", 0.5), ("1", 1.0), ("2", 2.0), ("4", 4.0)];

/// The speed `speed=value` asks for, if it is one of [`SPEEDS`] (surrounding spaces ignored).
pub fn speed(value: &str) -> Option<f64> {
    let value = value.trim();
    SPEEDS.iter().find(|(name, _)| *name == value).map(|&(_, factor)| factor)
}

/// `speed=`'s spelling of a factor of [`SPEEDS`] (`1` for any other).
pub fn speed_name(factor: f64) -> &'static str {
    SPEEDS.iter().find(|(_, f)| *f == factor).map_or("1", |(name, _)| name)
}
