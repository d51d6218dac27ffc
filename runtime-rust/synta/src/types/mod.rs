//! The universal types.

pub mod any;
pub mod bit_string;
pub mod boolean;
pub mod enumerated;
pub mod integer;
pub mod null;
pub mod octet_string;
pub mod oid;
pub mod opaque;
pub(crate) mod owned;
pub mod raw;
pub mod real;
pub(crate) mod segmented;
pub mod set_of;
pub mod strings;
pub mod time;
pub mod tlv;
