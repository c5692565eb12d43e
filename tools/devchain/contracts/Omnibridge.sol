// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

import {Token} from "./Token.sol";

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IWrappedNative {
    function deposit() external payable;
    function approve(address spender, uint256 amount) external returns (bool);
}

/// @notice A minimal stand-in for the official bridge's Ethereum side (ForeignOmnibridge): it locks
/// the deposited token and emits the real mediator's event, with a message id the relayer carries
/// to the other side. No validators: the devchain's relayer account delivers the message.
contract BridgeForeignMediator {
    /// Same signature as OmnibridgeInfo.sol (docs/research/chain-facts.md, "Events and how the message id links both sides").
    event TokensBridgingInitiated(address indexed token, address indexed sender, uint256 value, bytes32 indexed messageId);
    /// What the relayer reads: the receiver on the other side (the real bridge packs it into the AMB message).
    event BridgeMessage(bytes32 indexed messageId, address token, address receiver, uint256 value);

    uint256 public nonce;

    /// @notice Locks `value` of `token` from the caller and asks for `receiver` to be paid on the other side.
    function relayTokens(address token, address receiver, uint256 value) external returns (bytes32 messageId) {
        require(value > 0, "Bridge: zero value");
        require(IERC20Like(token).transferFrom(msg.sender, address(this), value), "Bridge: transfer");
        messageId = keccak256(abi.encode(block.chainid, address(this), nonce));
        nonce += 1;
        emit TokensBridgingInitiated(token, msg.sender, value, messageId);
        emit BridgeMessage(messageId, token, receiver, value);
    }
}

/// @notice The native router (WETHOmnibridgeRouter): wraps the sent coin and bridges it, so the
/// mediator's `sender` is this router, not the user.
contract BridgeNativeRouter {
    IWrappedNative public immutable WETH;
    BridgeForeignMediator public immutable bridge;

    constructor(IWrappedNative weth, BridgeForeignMediator bridge_) {
        WETH = weth;
        bridge = bridge_;
        weth.approve(address(bridge_), type(uint256).max);
    }

    function wrapAndRelayTokens(address receiver) external payable {
        WETH.deposit{value: msg.value}();
        bridge.relayTokens(address(WETH), receiver, msg.value);
    }
}

/// @notice The PulseChain side (HomeOmnibridge): on the relayer's word it mints the bridged
/// counterpart of the Ethereum token (a token of its own, created on the first move, at an address
/// other than the original's) and emits TokensBridged with the same message id.
contract BridgeHomeMediator {
    event TokensBridged(address indexed token, address indexed recipient, uint256 value, bytes32 indexed messageId);
    event NewTokenRegistered(address indexed nativeToken, address indexed bridgedToken);

    address public immutable relayer;
    mapping(address => address) public bridgedTokenAddress;
    mapping(bytes32 => bool) public messageHandled;

    constructor() {
        relayer = msg.sender;
    }

    function handleBridgedTokens(
        address nativeToken,
        string calldata name,
        string calldata symbol,
        uint8 decimals,
        address recipient,
        uint256 value,
        bytes32 messageId
    ) external {
        require(msg.sender == relayer, "Bridge: relayer");
        require(!messageHandled[messageId], "Bridge: message handled");
        messageHandled[messageId] = true;
        address bridged = bridgedTokenAddress[nativeToken];
        if (bridged == address(0)) {
            bridged = address(new Token(string.concat(name, " from Ethereum"), symbol, decimals, 0));
            bridgedTokenAddress[nativeToken] = bridged;
            emit NewTokenRegistered(nativeToken, bridged);
        }
        Token(bridged).mint(recipient, value);
        emit TokensBridged(bridged, recipient, value, messageId);
    }
}
