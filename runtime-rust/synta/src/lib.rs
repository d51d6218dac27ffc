//! ASN.1 runtime (DER, BER, CER).
