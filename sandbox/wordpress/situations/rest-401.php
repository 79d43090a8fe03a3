<?php
/**
 * Plugin Name: REST API for logged-in users only (test situation rest-401)
 * Description: What "Disable REST API"-style plugins and the snippet in WordPress's REST handbook do:
 * every REST request without a session is refused with 401.
 */
add_filter( 'rest_authentication_errors', function ( $result ) {
	if ( true === $result || is_wp_error( $result ) ) {
		return $result;
	}
	if ( ! is_user_logged_in() ) {
		return new WP_Error( 'rest_not_logged_in', 'You are not currently logged in.', array( 'status' => 401 ) );
	}
	return $result;
} );
