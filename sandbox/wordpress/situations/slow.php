<?php
/**
 * Plugin Name: A slow site (test situation slow)
 * Description: Every request waits the seconds in the option cs_situation_slow_seconds before WordPress
 * answers, as an overloaded host does.
 */
add_action( 'muplugins_loaded', function () {
	$seconds = (float) get_option( 'cs_situation_slow_seconds', 0 );
	if ( $seconds > 0 ) {
		usleep( (int) ( $seconds * 1000000 ) );
	}
} );
