package app.shopdesk.pos;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
