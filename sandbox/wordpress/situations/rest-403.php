<?php
/**
 * Plugin Name: REST API blocked (test situation rest-403)
 * Description: What security plugins that block the REST API for visitors do: 403 for every REST request
 * without a session.
 */
add_filter( 'rest_authentication_errors', function ( $result ) {
	if ( true === $result || is_wp_error( $result ) ) {
		return $result;
	}
	if ( ! is_user_logged_in() ) {
		return new WP_Error( 'rest_cannot_access', 'Only authenticated users can access the REST API.', array( 'status' => 403 ) );
	}
	return $result;
} );
