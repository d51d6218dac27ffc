//! Accessors every signed object shares (certificates, CRLs, CSRs, OCSP responses and
//! signed requests), written once as macros because the generated AlgorithmIdentifier
//! and SubjectPublicKeyInfo types differ per object set while their fields do not.

/// `signature_algorithm()`, `signature_algorithm_name()`, `signature_parameters()` and
/// `signature()` for an `impl<'a>` block whose `self.$alg` is an AlgorithmIdentifier and
/// `self.$bits` the signature BIT STRING.
macro_rules! signature_accessors {
    (alg: $($alg:ident).+, bits: $($bits:ident).+) => {
        /// The signature algorithm (the one outside the signed part).
        pub fn signature_algorithm(&self) -> &synta::ObjectIdentifierRef<'a> {
            &self.$($alg).+.algorithm
        }

        /// The signature algorithm's name (`sha256WithRSAEncryption`), when known.
        pub fn signature_algorithm_name(&self) -> Option<&'static str> {
            crate::algorithm_name(self.signature_algorithm())
        }

        /// The signature algorithm's parameters, raw (RSASSA-PSS has some; most have
        /// none).
        pub fn signature_parameters(&self) -> Option<&synta::AnyRef<'a>> {
            self.$($alg).+.parameters.as_ref()
        }

        /// The signature bits.
        pub fn signature(&self) -> synta::Result<&'a [u8]> {
            crate::certificate::borrowed(self.$($bits).+.borrowed(), "signature")
        }
    };
}

/// `der()` and `tbs_der()` for an `impl<'a>` block whose `self.der` is the whole input
/// and `self.$tbs` the encoding of the signed part, named `$name` in the RFC.
macro_rules! signed_bytes {
    ($tbs:ident, $name:literal) => {
        /// The whole DER encoding.
        pub fn der(&self) -> &'a [u8] {
            self.der
        }

        #[doc = concat!("The encoding of `", $name, "`: the bytes the signature covers.")]
        pub fn tbs_der(&self) -> &'a [u8] {
            self.$tbs
        }
    };
}

/// `public_key_algorithm()`, `public_key_algorithm_name()`, `public_key()` and
/// `ml_dsa_public_key()` for an `impl<'a>` block whose `self.$spki` is a
/// SubjectPublicKeyInfo, `self.der` the whole input and `$path` the field that holds the
/// SubjectPublicKeyInfo (for error paths).
macro_rules! public_key_accessors {
    (spki: $($spki:ident).+, path: $path:literal) => {
        /// The public key algorithm.
        pub fn public_key_algorithm(&self) -> &synta::ObjectIdentifierRef<'a> {
            &self.$($spki).+.algorithm.algorithm
        }

        /// The public key algorithm's name (`rsaEncryption`, `id-ecPublicKey`), when
        /// known.
        pub fn public_key_algorithm_name(&self) -> Option<&'static str> {
            crate::algorithm_name(self.public_key_algorithm())
        }

        /// The subjectPublicKey bits (for RSA the RSAPublicKey DER, for EC the point, for
        /// EdDSA and ML-DSA the raw key).
        pub fn public_key(&self) -> synta::Result<&'a [u8]> {
            let bits = self.$($spki).+.subject_public_key.borrowed();
            crate::certificate::borrowed(bits, "subjectPublicKey")
        }

        /// The ML-DSA public key (parameter set and raw key), `None` for another
        /// algorithm; an error with the field path when the key breaks
        /// X509-ML-DSA-2025's rules (parameters present, wrong size, unused bits).
        pub fn ml_dsa_public_key(&self) -> synta::Result<Option<crate::MlDsaPublicKey<'a>>> {
            let spki = &self.$($spki).+;
            let key = self.public_key()?;
            // Where the key lies in the input, for the error offset.
            let offset = crate::certificate::offset_inside(self.der, key);
            let result = crate::ml_dsa::public_key(
                &spki.algorithm.algorithm,
                spki.algorithm.parameters.is_some(),
                key,
                offset,
                spki.subject_public_key.unused_bits() != 0,
            );
            synta::ResultExt::field(result, $path)
        }
    };
}

/// Typed extension accessors of an object, each a shortcut for the [`crate::Extensions`]
/// method of the same name on `self.$list()` (which decodes the list on each call).
macro_rules! extension_accessors {
    ($list:ident: $($name:ident -> $t:ty),+ $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "` of [`Self::", stringify!($list),
            "`]: see [`crate::Extensions::", stringify!($name), "`].")]
        pub fn $name(&self) -> synta::Result<Option<$t>> {
            self.$list()?.$name()
        }
    )+};
}
